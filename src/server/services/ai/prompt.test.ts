import { describe, expect, it } from 'vitest';
import { buildChatMessages, copyToGround, NEWS_EDITOR_PROMPT } from './prompt';

const words = (n: number, w = 'word') => Array.from({ length: n }, () => w).join(' ');

describe('chat messages for the model', () => {
  it('joins neighbouring turns of one role, so roles alternate for strict chat templates', () => {
    const messages = buildChatMessages({
      history: [
        { role: 'user', content: 'First draft' },
        { role: 'user', content: 'Second draft' },
        { role: 'assistant', content: 'Noted.' },
        { role: 'user', content: 'Unanswered question' },
      ],
      message: 'Now compare them',
      passages: [],
      grounding: null,
    });
    expect(messages).toEqual([
      { role: 'system', content: NEWS_EDITOR_PROMPT },
      { role: 'user', content: 'First draft\n\nSecond draft' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'Unanswered question\n\nNow compare them' },
    ]);
  });

  it('moves a leading assistant turn (a posted document review) into the system message', () => {
    const messages = buildChatMessages({
      history: [{ role: 'assistant', content: '## Review of notes.docx' }],
      message: 'Fix the lede',
      passages: [],
      grounding: 'Findings: none.',
    });
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toBe(
      `${NEWS_EDITOR_PROMPT}\n\nEarlier in this conversation you wrote:\n## Review of notes.docx\n\nFindings: none.`,
    );
  });

  it('keeps the newest turns within the budget and skips empty ones', () => {
    const history = Array.from({ length: 60 }, (_, i) => ({
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `turn ${i}`,
    }));
    history.push({ role: 'assistant', content: '' });
    const messages = buildChatMessages({ history, message: 'latest', passages: [], grounding: null });
    expect(messages.length).toBeLessThanOrEqual(22);
    expect(messages.at(-2)).toEqual({ role: 'assistant', content: 'turn 59' });
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'latest' });

    const long = buildChatMessages({
      history: [
        { role: 'user', content: 'x'.repeat(100_000) },
        { role: 'assistant', content: 'ok' },
      ],
      message: 'go',
      passages: [],
      grounding: null,
    });
    expect(long[1]!.content.length).toBeLessThan(40_000);
    expect(long[1]!.content.endsWith('[...cut]')).toBe(true);
  });

  it('grounds on the message when it is copy, else on the latest copy sent, else on the documents', () => {
    const story = words(40, 'story');
    expect(copyToGround(story, [], [])).toBe(story);
    expect(
      copyToGround(
        'Make it shorter',
        [
          { role: 'user', content: story },
          { role: 'user', content: 'thanks' },
        ],
        [],
      ),
    ).toBe(story);
    const passage = { documentId: 1, filename: 'a.txt', content: words(40, 'doc') };
    expect(copyToGround('Review it', [], [passage])).toBe(passage.content);
    expect(copyToGround('Hello', [{ role: 'assistant', content: words(100) }], [])).toBeNull();
  });
});
