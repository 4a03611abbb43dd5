import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import type { Finding } from '../types';
import { parseCorpus, score } from './score';

const SOURCE_RULES = new Set(['quote/altered-from-source', 'quote/not-in-sources']);
const examples = parseCorpus(readFileSync(new URL('../fixtures/sources.jsonl', import.meta.url), 'utf8'));

describe('stories checked against their transcripts, releases and filings', () => {
  it('finds the altered and invented quotations and flags no quotation of the clean stories', async () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(examples.filter((e) => e.clean).length).toBeGreaterThanOrEqual(3);
    const findings = new Map<string, Finding[]>();
    for (const e of examples) {
      const sources = (e.sources ?? []).map((text, i) => ({ name: `source ${i + 1}`, text }));
      findings.set(e.id, (await analyze(e.text, { sources })).findings);
    }
    const result = score(examples, (e) => findings.get(e.id) ?? []);
    const quote = result.perCategory.quote;
    expect(quote.expected).toBeGreaterThanOrEqual(8);
    expect(quote.found / quote.expected, JSON.stringify(result.misses)).toBeGreaterThanOrEqual(0.8);
    const flaggedClean = result.falsePositives.filter((fp) => SOURCE_RULES.has(fp.finding.ruleId));
    expect(flaggedClean.map((fp) => `${fp.id}: ${fp.finding.text}`)).toEqual([]);
  });
});
