import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../../shared/schemas/chat';
import { analyze, compare, respond, stopEditor } from '../index';
import { compareOffThread, EditorPoolError, editorWorkersFrom, respondOffThread } from './index';

const STORIES = readFileSync(new URL('../fixtures/clean-stories.txt', import.meta.url), 'utf8');
/** The longest message allowed, made of real copy so every rule has work to do. */
const LONGEST = STORIES.repeat(Math.ceil(CHAT_LIMITS.messageMaxChars / STORIES.length)).slice(0, CHAT_LIMITS.messageMaxChars);

afterAll(() => stopEditor());

describe('the editor’s worker pool', () => {
  it('keeps the caller’s event loop turning while the longest message is analysed', async () => {
    expect(LONGEST).toHaveLength(CHAT_LIMITS.messageMaxChars);
    const events: string[] = [];
    const reply = respondOffThread({ history: [], message: LONGEST }).then((md) => {
      events.push('answered');
      return md;
    });
    // Twenty turns of the event loop, one after another, each waiting for a timer. On this
    // thread (with harper.js still cold, so nothing to wait for) the engine would answer first.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 1));
    events.push('timers fired');
    const md = await reply;
    expect(events).toEqual(['timers fired', 'answered']);
    expect(md).toMatch(/^## Editor’s review/);
    // the whole message was read, not a part of it
    expect(Number(md.match(/_(\d+) words/)?.[1])).toBeGreaterThan(15_000);
  }, 120_000);

  it('stops working on a message when the request is aborted, and answers the next one', async () => {
    const stop = new AbortController();
    const long = respondOffThread({ history: [], message: LONGEST }, { signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    const error = await long.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EditorPoolError);
    expect(error).toMatchObject({ reason: 'aborted' });
    expect(await respondOffThread({ history: [], message: 'help' })).toContain('I’m your copy editor');
  }, 60_000);

  it('answers exactly as the engine does on the calling thread', async () => {
    const story =
      'The council voted 7-2 on Tuesday to approve the the budget. Council member Dana Ortiz said the plan "will fix the worst streets."';
    const input = { history: [], message: story, waitForGrammar: true };
    expect(await respondOffThread(input)).toBe(await respond(input));
    const after = 'The council voted 7-2 Tuesday to approve the budget.';
    const before = story.split('. ')[0] + '.';
    expect(await compareOffThread(before, after)).toEqual(compare(before, after, { findings: (await analyze(before)).findings }));
  }, 60_000);

  it('reads its size from EDITOR_WORKERS, refusing anything but a positive integer', () => {
    expect(editorWorkersFrom({})).toBe(2);
    expect(editorWorkersFrom({ EDITOR_WORKERS: '1' })).toBe(1);
    expect(() => editorWorkersFrom({ EDITOR_WORKERS: '0' })).toThrow('EDITOR_WORKERS must be a positive integer, got "0"');
    expect(() => editorWorkersFrom({ EDITOR_WORKERS: 'two' })).toThrow('EDITOR_WORKERS must be a positive integer');
  });
});
