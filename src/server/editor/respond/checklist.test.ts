import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { stopHarper } from '../harper/client';
import type { Finding } from '../types';
import { missingChecklist, type ChecklistKey } from './checklist';
import { STABBING } from './test-stories';

afterAll(() => stopHarper());

async function checklist(text: string) {
  const items = missingChecklist(text, await analyze(text));
  return Object.fromEntries(items.map((i) => [i.key, i])) as Record<ChecklistKey, (typeof items)[number]>;
}

describe('missingChecklist', () => {
  it('checks the eight items in order, each against the copy', async () => {
    const items = missingChecklist(STABBING, await analyze(STABBING));
    expect(items.map((i) => i.label)).toEqual([
      'Who',
      'What',
      'When',
      'Where',
      'Why',
      'The other side',
      'Sources named',
      'Baselines for numbers',
      'Agrees with itself',
    ]);
  });

  it('finds what a complete court story has, and the figure with no baseline', async () => {
    const c = await checklist(STABBING);
    expect(c.who).toMatchObject({ status: 'found' });
    expect(c.who.note).toContain('Derek Haines');
    expect(c.what.note).toContain('was charged Tuesday with aggravated assault');
    expect(c.when).toMatchObject({ status: 'partly' });
    expect(c.when.note).toContain('Tuesday');
    // the hearing is "next month": no date
    expect(c.when.note).toContain('A preliminary hearing is scheduled for next month');
    expect(c.where.note).toContain('Main Street');
    expect(c['other-side']).toMatchObject({ status: 'found' });
    expect(c['other-side'].note).toContain('did not return a call');
    expect(c.sources.note).toContain('Lisa Crane');
    expect(c.sources.note).toContain('Ana Ruiz');
    // named sources, and one who is not
    expect(c.sources).toMatchObject({ status: 'partly' });
    expect(c.sources.note).toContain('“a hospital spokeswoman”');
    expect(c.baselines).toMatchObject({ status: 'missing' });
    expect(c.baselines.note).toContain('doubled');
  });

  it('names the gaps in thin copy: no date, no place, no reason, no response, no named source', async () => {
    const c = await checklist(
      'A man was charged with fraud after investors lost money in a real estate scheme, sources said. Prices rose sharply. Many residents are angry.',
    );
    expect(c.when.status).toBe('missing');
    expect(c.where.status).toBe('missing');
    expect(c['other-side'].status).toBe('missing');
    expect(c['other-side'].note).toContain('no response from them or their lawyer');
    expect(c.sources.status).toBe('missing');
    expect(c.baselines.status).toBe('missing');
    expect(c.baselines.note).toContain('rose');
  });

  it('does not ask for a response when no one is accused or criticised, nor for a baseline when nothing changes', async () => {
    const c = await checklist(
      'The Wrenfield Public Library will open a new branch on Elm Street on Saturday to serve families on the north side, Director Helen Brandt said.',
    );
    expect(c['other-side'].status).toBe('not-needed');
    expect(c.baselines.status).toBe('not-needed');
    expect(c.why.status).toBe('found');
    expect(c.sources).toMatchObject({ status: 'found' });
    expect(c.sources.note).toContain('Helen Brandt');
    expect(c.who.note).toContain('in the lead; named: Helen Brandt.');
  });

  it('tells a person from a place by how the copy treats the name, not by the name', async () => {
    const c = await checklist(
      'The council heard Tuesday from library director Susan Park, who asked for a new roof. Park, the director since 2011, said the roof over the reading room leaks. Families gathered at Lincoln Park on Saturday.',
    );
    expect(c.who.note).toContain('Susan Park');
    expect(c.sources.note).toContain('Susan Park');
    expect(c.where.note).not.toContain('Susan Park');
    expect(c.where.note).toContain('Lincoln Park');
  });

  it('lists the findings that set the story against itself', async () => {
    const text = 'The council voted 5-2 on Monday. Mayor Ellen Voss cast the deciding vote in the unanimous decision.';
    const analysis = await analyze(text);
    const at = text.indexOf('unanimous');
    const contradiction: Finding = {
      ruleId: 'consistency/vote-tally',
      category: 'consistency',
      start: at,
      end: at + 'unanimous'.length,
      text: 'unanimous',
      message: 'A 5-2 vote is not unanimous.',
      explanation: 'A tally with votes against cannot be unanimous.',
      suggestion: null,
    };
    const items = missingChecklist(text, { ...analysis, findings: [...analysis.findings, contradiction] });
    const item = items.find((i) => i.key === 'consistency')!;
    expect(item).toMatchObject({ status: 'missing', label: 'Agrees with itself' });
    expect(item.note).toContain('“unanimous”: A 5-2 vote is not unanimous');
    const clean = missingChecklist(text, analysis).find((i) => i.key === 'consistency')!;
    expect(clean.status).toBe(analysis.findings.some((f) => f.category === 'consistency') ? 'missing' : 'found');
  });
});
