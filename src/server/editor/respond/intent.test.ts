import { describe, expect, it } from 'vitest';
import { detectAction, detectSuggestionKinds, revisedTextIn, splitMessage } from './intent';

const STEPS =
  '1. Remove redundant words and phrases. 2. Replace wordy expressions. 3. Improve clarity and flow where sentences are long. 4. Keep the facts and quotes unchanged.';

describe('detectAction', () => {
  it.each([
    ['Please make this text more concise: ' + STEPS, 'concise'],
    ['Please review the whole conversation above, then improve the clarity of this text: ' + STEPS, 'clarity'],
    ['Fix grammar and style in this text: 1. Correct spelling. 2. Apply AP style.', 'grammar'],
    ['Enhance readability: 1. Shorten long sentences. 2. Make it flow.', 'readability'],
    ['Make this more professional: 1. Use a formal tone. 2. Avoid slang.', 'professional'],
    ['Simplify the language: 1. Use plain words. 2. Explain jargon.', 'simplify'],
  ])('reads the action from the request, not the steps: %s', (prompt, action) => {
    expect(detectAction(prompt)).toBe(action);
  });

  it('finds no action in a plain request', () => {
    expect(detectAction('What do you think of my lead?')).toBeNull();
  });
});

describe('splitMessage', () => {
  it('separates a request from the copy after a colon', () => {
    const { instruction, copy } = splitMessage(
      'Write headlines for this: The Wrenfield City Council voted Tuesday to extend weekend hours at the library.',
    );
    expect(instruction).toBe('Write headlines for this:');
    expect(copy).toMatch(/^The Wrenfield City Council/);
    expect(detectSuggestionKinds(instruction)).toEqual(['headline']);
  });

  it('treats numbered steps as instructions, not copy', () => {
    expect(splitMessage('Please make this text more concise: ' + STEPS).copy).toBe('');
  });

  it('takes pasted paragraphs as copy', () => {
    const message =
      'Can you check this story?\n\nThe council voted Tuesday to close two schools. The district lost 600 students since 2019, Superintendent Maria Leland said.';
    expect(splitMessage(message).copy).toMatch(/^The council voted/);
  });
});

describe('revisedTextIn', () => {
  it('returns every paragraph of the revision, up to the next section', () => {
    const reply = '## Revised\n\n### Revised text\n\nFirst paragraph.\n\nSecond paragraph.\n\n### Edits explained\n1. x';
    expect(revisedTextIn(reply)).toBe('First paragraph.\n\nSecond paragraph.');
  });

  it('returns a multi-paragraph revision that ends the reply', () => {
    expect(revisedTextIn('### Revised text\n\nA.\n\nB.')).toBe('A.\n\nB.');
  });
});
