import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { stopHarper } from '../harper/client';
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
});
