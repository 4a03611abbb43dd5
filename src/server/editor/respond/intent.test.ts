import { describe, expect, it } from 'vitest';
import { detectAction, detectSuggestionKinds, parseRequest, revisedTextIn, splitMessage, suggestionCount, wordTarget } from './intent';

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

describe('parseRequest', () => {
  it.each([
    ['Tighten this to 150 words', { kind: 'tighten', target: { words: 150, mode: 'about' } }],
    ['cut to 300 words', { kind: 'tighten', target: { words: 300, mode: 'about' } }],
    ['get this under 200 words', { kind: 'tighten', target: { words: 200, mode: 'max' } }],
    ['trim it to 120', { kind: 'tighten', target: { words: 120, mode: 'about' } }],
    ['Can you shorten it to 1,000 words?', { kind: 'tighten', target: { words: 1000, mode: 'about' } }],
    ['I need a 250-word version', { kind: 'tighten', target: { words: 250, mode: 'about' } }],
    ['Is this AP style?', { kind: 'style-check' }],
    ['Does this follow AP style?', { kind: 'style-check' }],
    ['Check it for AP style', { kind: 'style-check' }],
    ['What is missing from this story?', { kind: 'missing' }],
    ['Anything missing?', { kind: 'missing' }],
    ['What am I missing here?', { kind: 'missing' }],
    ['Explain your edits', { kind: 'explain' }],
    ['Why did you change that?', { kind: 'explain' }],
    ['What did you change?', { kind: 'explain' }],
    ['Any legal problems?', { kind: 'topic', category: 'legal' }],
    ['Are the quotes OK?', { kind: 'topic', category: 'quote' }],
    ['Is it ready to publish?', { kind: 'review' }],
    ['Who is the mayor of Marlow?', { kind: 'question' }],
    ['How many words is this?', { kind: 'length' }],
    ['Thanks!', { kind: 'thanks' }],
    ['hello', { kind: 'help' }],
  ])('%s', (message, request) => {
    expect(parseRequest(message)).toEqual(request);
  });

  it('tells a request to fix the style from a question about it', () => {
    expect(parseRequest('Fix the AP style')).toEqual({ kind: 'action', action: 'grammar' });
    expect(parseRequest('Can you fix the AP style?')).toEqual({ kind: 'action', action: 'grammar' });
    expect(parseRequest('Is this AP style?')).toEqual({ kind: 'style-check' });
  });

  it('reads each quick action by its name', () => {
    for (const [name, action] of [
      ['Make more concise', 'concise'],
      ['Improve clarity', 'clarity'],
      ['Fix grammar and style', 'grammar'],
      ['Enhance readability', 'readability'],
      ['Make more professional', 'professional'],
      ['Simplify the language', 'simplify'],
    ] as const)
      expect(parseRequest(name)).toEqual({ kind: 'action', action });
  });

  it('never reads a quick action’s steps ("explain each edit", "tighten long sentences") as another request', () => {
    const prompt =
      'Make this copy more concise without losing any facts.\n\n1. Tighten long sentences.\n2. Return the revised text, then explain each edit in a short numbered list.';
    expect(parseRequest(prompt)).toEqual({ kind: 'action', action: 'concise' });
  });

  it('counts the suggestions asked for, each kind on its own', () => {
    expect(parseRequest('Write three headlines')).toEqual({ kind: 'suggest', kinds: ['headline'], counts: { headline: 3 } });
    expect(parseRequest('Suggest ten headlines and a caption')).toEqual({
      kind: 'suggest',
      kinds: ['headline', 'caption'],
      counts: { headline: 10, caption: 1 },
    });
    expect(suggestionCount('Give me 5 short heds', 'headline')).toBe(5);
    expect(suggestionCount('Write two options for the headline', 'headline')).toBe(2);
    expect(suggestionCount('Write headlines', 'headline')).toBeNull();
  });
});

describe('wordTarget', () => {
  it('finds no target in a number that is not a length', () => {
    expect(wordTarget('Remove the 3 words in the lead')).toBeNull();
    expect(wordTarget('Trim it to 280 characters')).toBeNull();
    expect(wordTarget('Cut the 7 p.m. time')).toBeNull();
  });
});

describe('splitMessage: questions and requests before the copy', () => {
  const COPY = 'The Larkhaven City Council voted Tuesday to raise water rates by 6 percent, Mayor Jo Reyes said.';

  it('takes the copy after a question or a known request on the same line', () => {
    expect(splitMessage(`Is this AP style? ${COPY}`)).toEqual({ instruction: 'Is this AP style?', copy: COPY });
    expect(splitMessage(`Tighten this to 20 words. ${COPY}`)).toEqual({ instruction: 'Tighten this to 20 words.', copy: COPY });
    expect(splitMessage(`${COPY}\n\nWhat is missing?`)).toEqual({ instruction: 'What is missing?', copy: COPY });
    expect(splitMessage(`What is missing? ${COPY}\n\nThe increase takes effect in July.`)).toEqual({
      instruction: 'What is missing?',
      copy: `${COPY}\n\nThe increase takes effect in July.`,
    });
  });

  it('keeps copy that opens with a question word, or with a question of its own, as copy', () => {
    expect(splitMessage(`What a night. ${COPY}`).copy).toBe(`What a night. ${COPY}`);
    const story = `Is the city ready for winter? ${COPY} The increase takes effect in July and adds about $4 to a typical monthly bill.`;
    expect(splitMessage(story).copy).toBe(story);
  });
});
