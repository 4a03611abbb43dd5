import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../../shared/schemas/chat';
import { respond, stopEditor, warmEditor } from '../../editor';
import { createEmbeddedProvider, pieces } from './embedded';

// warm, so the worker's reply and this thread's both include spelling and grammar
beforeAll(() => warmEditor(), 60_000);
afterAll(() => stopEditor());

const STORY =
  'The council voted 7-2 on Tuesday to approve the budget. Council member Dana Ortiz said the plan "will fix the worst streets."';

describe('embedded editorial engine provider', () => {
  it('cuts Markdown into small pieces that join back to every character', () => {
    const md = '## Editor’s review\n\n- **Lede**: strong.\n\n```\ncode  block\n```\n  trailing  ';
    const parts = pieces(md);
    expect(parts.join('')).toBe(md);
    expect(parts.length).toBeGreaterThan(3);
    expect(pieces('')).toEqual([]);
  });

  it('streams exactly the engine’s reply, said to be under way before its first piece', async () => {
    const ai = createEmbeddedProvider({ pieceDelayMs: 0 });
    let text = '';
    let count = 0;
    let sentAfter = -1;
    const sent = () => (sentAfter = count);
    for await (const piece of ai.stream({ history: [], message: STORY, passages: [], signal: new AbortController().signal, sent })) {
      text += piece;
      count++;
    }
    expect(text).toBe(await respond({ history: [], message: STORY }));
    expect(count).toBeGreaterThan(10);
    expect(sentAfter).toBe(0);
  });

  it('reads the conversation’s document passages as documents', async () => {
    const ai = createEmbeddedProvider({ pieceDelayMs: 0 });
    let text = '';
    const passages = [{ documentId: 4, filename: 'draft.md', content: STORY }];
    for await (const piece of ai.stream({
      history: [],
      message: 'Please review my document',
      passages,
      signal: new AbortController().signal,
    }))
      text += piece;
    expect(text).toContain('draft.md');
  });

  it('stops at once when aborted', async () => {
    const ai = createEmbeddedProvider({ pieceDelayMs: 5, streamBudgetMs: 10_000 });
    const stop = new AbortController();
    const got: string[] = [];
    for await (const piece of ai.stream({ history: [], message: STORY, passages: [], signal: stop.signal })) {
      got.push(piece);
      if (got.length === 3) stop.abort();
    }
    expect(got).toHaveLength(3);
  });

  it('sends a long reply in fewer, larger pieces, joined back whole', async () => {
    const ai = createEmbeddedProvider({ pieceDelayMs: 8, streamBudgetMs: 400 });
    const message = Array.from(
      { length: 60 },
      (_, i) => `Council member ${i} said the the plan "will fix the worst streets," officials said Tuesday.`,
    ).join('\n\n');
    const expected = await respond({ history: [], message, waitForGrammar: true });
    let text = '';
    let count = 0;
    for await (const piece of ai.stream({ history: [], message, passages: [], signal: new AbortController().signal })) {
      text += piece;
      count++;
    }
    expect(text).toBe(expected);
    expect(pieces(expected).length).toBeGreaterThan(100);
    expect(count).toBeLessThanOrEqual(400 / 20);
  }, 60_000);

  it('ends at once with nothing when stopped while the engine is still reading a long message', async () => {
    const stories = readFileSync(new URL('../../editor/fixtures/clean-stories.txt', import.meta.url), 'utf8');
    const longest = stories.repeat(Math.ceil(CHAT_LIMITS.messageMaxChars / stories.length)).slice(0, CHAT_LIMITS.messageMaxChars);
    const ai = createEmbeddedProvider({ pieceDelayMs: 0 });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const got: string[] = [];
    for await (const piece of ai.stream({ history: [], message: longest, passages: [], signal: stop.signal })) got.push(piece);
    expect(got).toEqual([]);
    let next = '';
    for await (const piece of ai.stream({ history: [], message: STORY, passages: [], signal: new AbortController().signal })) next += piece;
    expect(next).toMatch(/^## Editor’s review/);
  }, 60_000);
});
