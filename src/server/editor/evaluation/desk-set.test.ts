import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { stopHarper, warmHarper } from '../harper/client';
import type { Finding } from '../types';
import { parseCorpus, score } from './score';

/** Stories across 20 beats written apart from the rules, in reporters' own wording; six are clean wire copy. */
const examples = parseCorpus(readFileSync(new URL('../fixtures/desk-set.jsonl', import.meta.url), 'utf8'));

describe('a desk set written apart from the rules', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it('finds most slips in every wording and flags nothing on the clean stories', async () => {
    expect(examples.filter((e) => e.clean).length).toBeGreaterThanOrEqual(6);
    const findings = new Map<string, Finding[]>();
    for (const e of examples) findings.set(e.id, (await analyze(e.text, { waitForGrammar: true })).findings);
    const result = score(examples, (e) => findings.get(e.id) ?? []);
    expect(result.found / result.expected, JSON.stringify(result.misses)).toBeGreaterThanOrEqual(0.75);
    expect(result.falsePositives.map((fp) => `${fp.id} ${fp.finding.ruleId}: ${fp.finding.text}`)).toEqual([]);
  }, 120_000);
});
