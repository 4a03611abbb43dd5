import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { quickActionMessage } from '../../shared/quick-actions';
import { stopEditor } from '../editor';
import { revisedTextIn } from '../editor/respond/intent';
import { STABBING, WATER_RATES, quotesIn, wordsIn } from '../editor/respond/test-stories';
import { collect, subscriber } from '../services/chat/test-support';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
afterEach(() => t?.close());
afterAll(() => stopEditor());

/** A subscriber's new conversation, and a function that sends a message and returns the editor's whole answer. */
async function conversation() {
  t = createTestApp();
  const { api } = await subscriber(t, 'mariana');
  const { id } = await api.chat.create();
  const ask = async (content: string) => {
    const reply = await collect(await api.chat.send({ conversationId: id, content }));
    expect(reply.error).toBeUndefined();
    return reply;
  };
  return { api, id, ask };
}

const LEDE = STABBING.split('\n\n')[0]!;
/** The numbered items of the section that starts with `heading`. */
const numbered = (reply: string, heading: string) =>
  reply
    .slice(reply.indexOf(heading))
    .split('\n')
    .filter((l) => /^\d+\. /.test(l));

describe('chat: tighten to a word count', () => {
  it.each([
    ['Tighten this to 150 words', 150],
    ['cut to 200 words', 200],
    ['trim it to 120', 120],
  ])('“%s” after the story cuts it to within 10 percent and reports the counts', async (request, n) => {
    const { ask } = await conversation();
    await ask(STABBING);
    const { text } = await ask(request);
    const revised = revisedTextIn(text)!;
    expect(Math.abs(wordsIn(revised) - n)).toBeLessThanOrEqual(n * 0.1);
    expect(text).toMatch(new RegExp(`^## Tightened to ${wordsIn(revised)} words`));
    expect(text).toContain(`From ${wordsIn(STABBING)} words to ${wordsIn(revised)}`);
    expect(revised.startsWith(LEDE)).toBe(true);
    for (const quote of quotesIn(STABBING)) expect(revised).toContain(quote);
    expect(text).toContain('least news first');
  });

  it('“get this under 200 words” with the story pasted after it stays at or under 200', async () => {
    const { ask } = await conversation();
    const { text } = await ask(`Get this under 200 words:\n\n${STABBING}`);
    const revised = revisedTextIn(text)!;
    expect(wordsIn(revised)).toBeLessThanOrEqual(200);
    expect(wordsIn(revised)).toBeGreaterThanOrEqual(180);
  });

  it('says plainly why it cannot reach a target shorter than the lede and the quotes', async () => {
    const { ask } = await conversation();
    const { text } = await ask(`Tighten this to 40 words\n\n${STABBING}`);
    expect(text).toMatch(/^## I can’t get this to 40 words/);
    expect(text).toContain(`the lede alone is ${wordsIn(LEDE)} words`);
    expect(text).toContain('the quotes come to');
    expect(text).toContain('The shortest version that keeps them is');
  });

  it('cuts the story again for a new length, not the earlier cut of it', async () => {
    const { ask } = await conversation();
    await ask(STABBING);
    const short = revisedTextIn((await ask('Tighten this to 100 words')).text)!;
    const longer = await ask('Make it 180 words instead');
    const revised = revisedTextIn(longer.text)!;
    expect(Math.abs(wordsIn(revised) - 180)).toBeLessThanOrEqual(18);
    expect(wordsIn(revised)).toBeGreaterThan(wordsIn(short));
    expect(longer.text).toContain(`From ${wordsIn(STABBING)} words`);
  });

  it('leaves copy already under the target as it is', async () => {
    const { ask } = await conversation();
    const { text } = await ask(`Cut to 300 words\n\n${STABBING}`);
    expect(text).toContain(`Your copy is ${wordsIn(STABBING)} words, so there is nothing to cut`);
    expect(revisedTextIn(text)).toBeNull();
  });
});

describe('chat: is this AP style?', () => {
  it('gives a verdict and each departure once, with its fix', async () => {
    const { ask } = await conversation();
    await ask(WATER_RATES);
    const { text } = await ask('Is this AP style?');
    // the question is about the copy in the conversation: the user's, or the editor's latest revision of it
    expect(text).toMatch(/^## AP style: (yes|no)/);
    const pasted = await ask(`Is this AP style?\n\n${WATER_RATES}`);
    expect(pasted.text).toMatch(/^## AP style: no/);
    expect(pasted.text).toContain('**No.** 4 departures from AP style');
    for (const fix of [
      '**“7pm”** → **“7 p.m.”**',
      '**“6 per cent”** → **“6 percent”**',
      '**“stated”** → **“said”**',
      '**“Mrs. Dana”** → **“Dana”**',
    ])
      expect(pasted.text.split(fix).length - 1).toBe(1);
  });

  it('says yes to copy that follows the Stylebook', async () => {
    const { ask } = await conversation();
    const { text } = await ask(`Does this follow AP style? ${LEDE}`);
    expect(text).toMatch(/^## AP style: yes/);
    expect(text).toContain('**Yes.**');
  });
});

describe('chat: what is missing from this story?', () => {
  it('checks who, what, when, where, why, the other side, sources and baselines against the copy', async () => {
    const { ask } = await conversation();
    await ask(STABBING);
    const { text } = await ask('What is missing from this story?');
    expect(text).toMatch(/^## What’s missing/);
    const items = text.split('\n').filter((l) => l.startsWith('- '));
    expect(items.map((l) => l.match(/\*\*(.+?)\*\*/)![1])).toEqual([
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
    expect(text).toContain('**Who** — found: “A 34-year-old Marlow man” in the lead; named: Derek Haines');
    expect(text).toContain('**The other side** — found: “His attorney, Mark Feld, did not return a call');
    expect(text).toMatch(/\*\*When\*\* — partly: .*A preliminary hearing is scheduled for next month/);
    expect(text).toMatch(/\*\*Baselines for numbers\*\* — missing: .*doubled from what, to what, over what period\?/);
  });

  it('names the response a story owes and does not have', async () => {
    const { ask } = await conversation();
    const { text } = await ask(
      'What is missing?\n\nA Marlow contractor was charged Monday with fraud after homeowners paid him for roofs he never built, police said. Detective Ray Olsen said 14 homeowners lost a total of $86,000.',
    );
    expect(text).toContain('**The other side** — missing:');
    expect(text).toContain('no response from them or their lawyer');
  });
});

describe('chat: headlines on request', () => {
  it.each([
    ['Write three headlines', 3],
    ['Write a headline', 1],
    ['Give me 5 headlines', 5],
  ])('“%s” gives that many headlines, each within 70 characters', async (request, n) => {
    const { ask } = await conversation();
    await ask(STABBING);
    const { text } = await ask(request);
    const headlines = numbered(text, '## Headline');
    expect(headlines).toHaveLength(n);
    for (const line of headlines) {
      const headline = line.replace(/^\d+\. /, '').replace(/ _\(\d+ characters\)_$/, '');
      expect(headline.length).toBeLessThanOrEqual(70);
      expect(headline).not.toMatch(/\.$/);
    }
  });
});

describe('chat: explain your edits', () => {
  it('explains the previous reply’s edits, each rule once', async () => {
    const { ask } = await conversation();
    await ask(quickActionMessage('grammar', WATER_RATES));
    const { text } = await ask('Explain your edits');
    expect(text).toMatch(/^## Why I made these edits/);
    expect(text).toContain('**“7pm” → “7 p.m.”**. AP style writes times as figures');
    expect(text).toContain('**“stated” → “said”**. "Said" is the neutral attribution verb');
    expect(text.split('AP style writes times').length - 1).toBe(1);
    expect(text).not.toMatch(/\b(?:style|grammar|clarity)\/[a-z-]+/);
  });

  it('explains a cut to length as a cut, not a wording rule', async () => {
    const { ask } = await conversation();
    await ask(STABBING);
    await ask('Tighten this to 150 words');
    const { text } = await ask('Explain your edits');
    expect(text).toMatch(/\*\*Cut \d+ sentences \(\d+ words\)\*\*/);
    expect(text).toContain('To reach your word target I cut whole sentences');
  });

  it('explains the problems a review flagged when it changed nothing', async () => {
    const { ask } = await conversation();
    await ask(STABBING);
    const { text } = await ask('Explain your edits');
    expect(text).toMatch(/^## Why I flagged these/);
    expect(text).toContain('**“doubled”**');
  });
});

describe('chat: quick actions are sent by name', () => {
  it('stores the action’s name as the user’s message and answers the action', async () => {
    const { api, id, ask } = await conversation();
    const first = await ask(quickActionMessage('concise', WATER_RATES));
    expect(first.done!.userMessage.content).toBe(`Make more concise\n\n${WATER_RATES}`);
    expect(first.text).toMatch(/^## Revised: more concise/);
    expect(revisedTextIn(first.text)).toContain('The utility needs the money to replace pipes');

    // with messages in the conversation, the action works on the latest revision
    const second = await ask(quickActionMessage('grammar'));
    expect(second.done!.userMessage.content).toBe('Fix grammar and style');
    expect(second.text).toContain('Working on the latest revised version from our conversation.');
    expect(revisedTextIn(second.text)).toContain('at 7 p.m. Tuesday');

    const { conversation: saved, messages } = await api.chat.get({ id });
    expect(saved.title).toBe('The Larkhaven City Council will hold a public hearing on…');
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content.split('\n')[0])).toEqual([
      'Make more concise',
      'Fix grammar and style',
    ]);
  });
});

describe('chat: the review praises only what its findings bear out', () => {
  it('does not say every quote is attributed next to an unattributed quote', async () => {
    const { ask } = await conversation();
    const { text } = await ask(
      'The Wrenfield school board voted 5-2 on Monday to close Lincoln Elementary in June, Superintendent Maria Leland said.\n\n"We had no choice given the enrollment," Leland said.\n\n"This is a betrayal of the whole neighborhood."',
    );
    expect(text).toContain('Unattributed quote');
    expect(text).not.toContain('Every quote is attributed');
    expect(text).not.toContain('Claims are attributed to named sources');
  });
});
