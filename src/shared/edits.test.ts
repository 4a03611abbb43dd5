import { describe, expect, it } from 'vitest';
import { applyEdits, planEdits } from './edits';

const ORIGINAL =
  'The city council voted 7-2 on Tuesday in order to approve a new budget of 5 million dollars, officials said. At this point in time, many residents are unhappy with the plan.';
const REVISED =
  'The city council voted 7-2 on Tuesday to approve a new budget of $5 million, officials said. Now, many residents are unhappy with the plan.';

const shown = (original: string, revised: string) => planEdits(original, revised).edits.map((e) => [e.removed, e.inserted]);

describe('planEdits', () => {
  it('groups word changes into one edit per phrase', () => {
    expect(shown(ORIGINAL, REVISED)).toEqual([
      ['Tuesday in order', 'Tuesday'],
      ['5 million dollars,', '$5 million,'],
      ['At this point in time,', 'Now,'],
    ]);
  });

  it('widens a change to whole words: a sign glued to a figure takes the figure', () => {
    expect(shown('a grant of 5 percent more', 'a grant of 5% more')).toEqual([['5 percent', '5%']]);
    expect(shown('apples, pears and plums', 'apples, pears, and plums')).toEqual([['pears', 'pears,']]);
  });

  it('gives a lone deletion the word before it, so the edit reads as a phrase', () => {
    expect(shown('Officials said Tuesday. The rest followed.', 'Officials said. The rest followed.')).toEqual([['said Tuesday.', 'said.']]);
  });

  it('keeps changes in different clauses and sentences apart', () => {
    expect(shown('The libary opened, and the mayor recieved a key.', 'The library opened, and the mayor received a key.')).toEqual([
      ['libary', 'library'],
      ['recieved', 'received'],
    ]);
  });

  it('shows a few words of unchanged context either side, cut with an ellipsis', () => {
    const [, money] = planEdits(ORIGINAL, REVISED).edits;
    expect(money).toMatchObject({ contextBefore: '…a new budget of', contextAfter: 'officials said.' });
  });

  it('adds no ellipsis after context that ends its sentence', () => {
    const [edit] = planEdits(
      'The board voted to recieve bids by the deadline.\n\nA second vote follows.',
      'The board voted to receive bids by the deadline.\n\nA second vote follows.',
    ).edits;
    expect(edit!.contextAfter).toBe('bids by the deadline.');
  });

  it('does not offer tidied spacing as an edit', () => {
    expect(shown('She said  hello.\n\nHe left.', 'She said hello.\n\nHe left.')).toEqual([]);
  });

  it('finds no edits between identical texts', () => {
    expect(planEdits(ORIGINAL, ORIGINAL).edits).toEqual([]);
  });
});

describe('applyEdits', () => {
  const plan = planEdits(ORIGINAL, REVISED);

  it('gives the revision when every edit is accepted and the original when none is', () => {
    expect(applyEdits(plan, () => true)).toBe(REVISED);
    expect(applyEdits(plan, () => false)).toBe(ORIGINAL);
  });

  it('applies only the accepted edits', () => {
    expect(applyEdits(plan, (i) => i !== 1)).toBe(
      'The city council voted 7-2 on Tuesday to approve a new budget of 5 million dollars, officials said. Now, many residents are unhappy with the plan.',
    );
    expect(applyEdits(plan, (i) => i === 1)).toBe(
      'The city council voted 7-2 on Tuesday in order to approve a new budget of $5 million, officials said. At this point in time, many residents are unhappy with the plan.',
    );
  });

  it('keeps paragraphs when edits span several', () => {
    const original = 'The libary opened.\n\nThe mayor recieved a key.';
    const p = planEdits(original, 'The library opened.\n\nThe mayor received a key.');
    expect(applyEdits(p, (i) => i === 1)).toBe('The libary opened.\n\nThe mayor received a key.');
  });
});
