import { describe, expect, it } from 'vitest';
import { compare } from './compare';
import type { Edit } from './types';

describe('compare', () => {
  it('gives word-level ops that rebuild both drafts', () => {
    const before = 'The council met at 7pm Tuesday in order to vote.';
    const after = 'The council met at 7 p.m. Tuesday to vote.';
    const { ops } = compare(before, after);
    expect(ops.map((o) => o.before).join('')).toBe(before);
    expect(ops.map((o) => o.after).join('')).toBe(after);
    expect(ops.some((o) => o.type === 'replace' || o.type === 'delete')).toBe(true);
    for (const o of ops) expect(before.slice(o.beforeStart, o.beforeStart + o.before.length)).toBe(o.before);
  });

  it('links each change to the rule behind it when the edits are known', () => {
    const before = 'The council met at 7pm Tuesday in order to vote.';
    const after = 'The council met at 7 p.m. Tuesday to vote.';
    const edits: Edit[] = [
      { ruleId: 'style/times', category: 'style', start: 19, end: 22, before: '7pm', after: '7 p.m.', explanation: 'AP time style.' },
      {
        ruleId: 'clarity/wordy-phrases',
        category: 'clarity',
        start: 31,
        end: 42,
        before: 'in order to',
        after: 'to',
        explanation: 'Shorter.',
      },
    ];
    const { ops, summary } = compare(before, after, { edits });
    expect(summary.map((s) => s.ruleId)).toEqual(['style/times', 'clarity/wordy-phrases']);
    expect(ops.filter((o) => o.type !== 'equal').every((o) => o.ruleId !== null)).toBe(true);
  });

  it('gives a sign added before an edited figure to that figure’s edit, not a change of its own', () => {
    const before = 'The city will spend 5 million dollars on roads.';
    const after = 'The city will spend $5 million on roads.';
    const start = before.indexOf('5 million dollars');
    const edits: Edit[] = [
      {
        ruleId: 'style/money',
        category: 'style',
        start,
        end: start + '5 million dollars'.length,
        before: '5 million dollars',
        after: '$5 million',
        explanation: 'AP money style.',
      },
    ];
    const { summary } = compare(before, after, { edits });
    expect(summary.map((s) => s.ruleId)).toEqual(['style/money']);
  });

  it('describes changes it cannot link to a rule', () => {
    const { summary } = compare('The mayor spoke.', 'The mayor spoke briefly.');
    expect(summary).toEqual([{ ruleId: null, category: null, before: '', after: ' briefly', explanation: 'Added "briefly".' }]);
  });

  it('reports no changes for identical drafts, including empty ones', () => {
    expect(compare('Same text.', 'Same text.').summary).toEqual([]);
    expect(compare('', '').ops).toEqual([]);
  });
});
