import { describe, expect, it } from 'vitest';
import { checkNote, legalFindingsIn, RevisedCopyGuard } from './check';
import { WriterWords } from './quotes';

const STORY =
  'MARLOW — Dana Reyes, 34, of Marlow was charged Tuesday with second-degree murder in the death of her neighbor, police said. ' +
  'She is being held without bail at the county jail.\n\n' +
  '"We will not rest until the family gets answers," Police Chief Tom Alvarez said at a news conference.';

/** Feeds the answer in pieces of `size` characters; returns what was shown and the guard. */
function guarded(answer: string, size: number, writer = new WriterWords([STORY])) {
  const guard = new RevisedCopyGuard(writer);
  let shown = '';
  for (let i = 0; i < answer.length; i += size) shown += guard.push(answer.slice(i, i + size));
  shown += guard.end();
  return { shown, guard };
}

const ALTERED =
  'Lead with the charge. I cut "at a news conference," which adds nothing.\n\n' +
  '### Revised text\n\n' +
  'MARLOW — Dana Reyes, 34, was charged Tuesday with second-degree murder in her neighbor’s death, police said.\n\n' +
  '“We won’t rest until the family has answers,” Police Chief Tom Alvarez said.\n\n' +
  '### Edits\n\n' +
  '- Changed "the death of her neighbor" to "her neighbor’s death".\n';

describe('the check of a model’s revised copy, as it streams', () => {
  it('puts the writer’s words back into a quotation the model changed, however the answer is cut into pieces', () => {
    for (const size of [1, 2, 5, 13, 64, ALTERED.length]) {
      const { shown, guard } = guarded(ALTERED, size);
      expect(shown).toBe(ALTERED.replace('We won’t rest until the family has answers,', 'We will not rest until the family gets answers,'));
      expect(guard.restored).toEqual([
        { model: 'We won’t rest until the family has answers,', writer: 'We will not rest until the family gets answers,' },
      ]);
      expect(guard.invented).toEqual([]);
    }
  });

  it('reads only the revised copy: the model’s own explanations may quote words the copy never had', () => {
    const { guard } = guarded(ALTERED, 7);
    // "her neighbor’s death" is quoted in the list of edits, not in the copy.
    expect(guard.invented).toEqual([]);
    expect(guard.revisedText).toBe(
      'MARLOW — Dana Reyes, 34, was charged Tuesday with second-degree murder in her neighbor’s death, police said.\n\n' +
        '“We will not rest until the family gets answers,” Police Chief Tom Alvarez said.',
    );
  });

  it('remembers a quotation the copy never had and shows it as the model wrote it', () => {
    const answer = 'Here is the tightened story:\n\nReyes was charged Tuesday. "Justice will be served," Alvarez said.\n';
    const { shown, guard } = guarded(answer, 3);
    expect(shown).toBe(answer);
    expect(guard.invented).toEqual(['Justice will be served,']);
  });

  it('knows a revision by the labels models use, and where it ends', () => {
    const invented = (answer: string) => guarded(answer, 4).guard.invented;
    expect(invented('**Revised version:**\n\n"Made up," he said.\n')).toEqual(['Made up,']);
    expect(invented('## Edited copy\n\n"Made up," he said.\n')).toEqual(['Made up,']);
    expect(invented('```\n"Made up," he said.\n```\n')).toEqual([]);
    expect(invented('### Revised text\n\nThe plan.\n\nWhat I changed in the revised text:\n\nI removed "at a news conference".\n')).toEqual(
      [],
    );
    expect(invented('### Revised text\n\nThe plan.\n\n---\n\n"Not copy," I said.\n')).toEqual([]);
    // A line of copy that ends in a colon does not end the copy.
    expect(invented('### Revised text\n\nThe council approved three items:\n\n"Made up," he said.\n')).toEqual(['Made up,']);
  });

  it('a review that quotes the writer exactly and phrases of its own passes through untouched, with nothing called out', () => {
    const review = 'The quote "We will not rest" is strong. Consider "Answers, not excuses" as a headline.\n';
    const { shown, guard } = guarded(review, 2);
    expect(shown).toBe(review);
    expect(guard.invented).toEqual([]);
    expect(guard.unsupported).toEqual([]);
    expect(guard.revisedText).toBe('');
  });

  it('puts the writer’s words back into a misquotation wherever it stands, in a review as in revised copy', () => {
    const review = 'The quote "We won’t rest until the family has answers" is strong; keep it high.\n';
    const { shown, guard } = guarded(review, 3);
    expect(shown).toBe('The quote "We will not rest until the family gets answers" is strong; keep it high.\n');
    expect(guard.invented).toEqual([]);
  });

  it('a quotation still open when the answer ends is shown as it arrived', () => {
    const { shown, guard } = guarded('### Revised text\n\n"We will not rest until', 3);
    expect(shown).toBe('### Revised text\n\n"We will not rest until');
    expect(guard.restored).toEqual([]);
  });
});

describe('legal findings on the model’s revised copy', () => {
  it('reads the writer’s copy for who is only charged, and reports only what is in the revision', async () => {
    const findings = await legalFindingsIn('The killer is held without bail at the county jail.', STORY);
    expect(findings.map((f) => [f.category, f.text])).toEqual([['legal', 'The killer']]);
    expect(await legalFindingsIn('Reyes is held without bail at the county jail.', STORY)).toEqual([]);
  });
});

describe('the note appended to a checked answer', () => {
  it('says nothing when there is nothing to say', () => {
    expect(checkNote({ restored: [], invented: [], legal: [] })).toBeNull();
  });

  it('lists each restored quote, invented quote and legal finding once, after a rule that ends the revised copy', async () => {
    const legal = await legalFindingsIn('The killer fled. The killer fled again.', STORY);
    const note = checkNote({
      restored: [{ model: 'We won’t rest,', writer: 'We will not rest,' }],
      invented: ['Justice will be served,', 'Justice will be served,'],
      legal,
    })!;
    expect(note.startsWith('\n\n---\n\n**Copydesk checked this answer against your copy:**')).toBe(true);
    expect(note).toContain(
      '- **Quote restored.** The model changed your quotation “We will not rest” to “We won’t rest”; the revised text above keeps your copy’s words.',
    );
    expect(note.match(/Quote not in your copy\.\*\* “Justice will be served” appears nowhere in what you sent/g)).toHaveLength(1);
    expect(note.match(/Legal risk in the revised text\.\*\* "The killer" declares guilt before a conviction/g)).toHaveLength(1);
  });
});
