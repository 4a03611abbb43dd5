import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopHarper, warmHarper } from '../harper/client';
import { groundingSummary } from '../grounding';
import { analyze } from '../analyze';
import { respond } from './respond';
import { LIBRARY } from '../suggest/test-stories';
import { BRIDGE, BRIDGE_TRANSCRIPT, STABBING, WATER_RATES, wordsIn } from './test-stories';

const STORY =
  'The Larkhaven City Council will hold a public hearing on the proposed water rate increase at 7pm Tuesday at City Hall. The increase would raise the average monthly bill by 6 per cent, according to a staff report. "We are excited in order to bring this to our community," Mayor Jo Reyes stated.';
const CONCISE =
  'Please make this text more concise: 1. Remove redundant words. 2. Replace wordy phrases with shorter ones. 3. Keep quotes unchanged.';

describe('respond', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it('reviews pasted copy: what works, what to fix by category with the rule, and the revised text', async () => {
    const reply = await respond({ message: STORY, waitForGrammar: true });
    expect(reply).toContain('### What works');
    expect(reply).toContain('### What to fix');
    expect(reply).toContain('**News style (AP)**');
    expect(reply).toContain('**“7pm”** → **“7 p.m.”**');
    expect(reply).toContain('**Quotes**');
    expect(reply).toContain('### Revised text');
    expect(reply).toContain('at 7 p.m. Tuesday');
    expect(reply).toContain('"We are excited in order to bring this to our community," Mayor Jo Reyes said.');
    expect(reply).toContain('### Edits explained');
  });

  it('applies a quick action to copy pasted earlier in the conversation, quotes untouched', async () => {
    const history = [
      { role: 'user' as const, content: STORY },
      { role: 'assistant' as const, content: 'Here is my review.' },
    ];
    const reply = await respond(history, `Please review the whole conversation before answering. ${CONCISE}`, { waitForGrammar: true });
    expect(reply).toMatch(/^## Revised: more concise/);
    expect(reply).toContain('Working on the copy from earlier in our conversation.');
    expect(reply).toContain('"We are excited in order to bring this to our community,"');
  });

  it('works on an uploaded document when the message holds no copy', async () => {
    const reply = await respond({
      message: 'Fix grammar and style: 1. Correct spelling. 2. Apply AP style.',
      documents: [{ name: 'story.docx', text: STORY }],
      waitForGrammar: true,
    });
    expect(reply).toContain('**story.docx**');
    expect(reply).toContain('at 7 p.m. Tuesday');
    expect(reply).toContain('“7pm” → “7 p.m.”: AP style writes times');
  });

  it('chains actions on the latest revised text', async () => {
    const first = await respond({ message: STORY, waitForGrammar: true });
    const reply = await respond({
      history: [
        { role: 'user', content: STORY },
        { role: 'assistant', content: first },
      ],
      message: CONCISE,
      waitForGrammar: true,
    });
    expect(reply).toContain('Working on the latest revised version');
    expect(reply).toContain('7 p.m.');
  });

  it('writes headlines when asked, from the copy', async () => {
    const reply = await respond([], `Write headlines for this: ${STORY}`);
    expect(reply).toMatch(/^## Headlines/);
    expect(reply).toMatch(/^1\. .*Larkhaven/m);
  });

  it('compares two drafts', async () => {
    const reply = await respond(
      [],
      'Compare these drafts:\n\nThe council met at 7pm in order to vote on the budget.\n\n---\n\nThe council met at 7 p.m. to vote on the budget.',
    );
    expect(reply).toContain('## Side-by-side comparison');
    expect(reply).toContain('“7pm” → “7 p.m.”: AP style writes times');
  });

  it('says how to use it when there is no copy', async () => {
    for (const message of ['hello', '', '   ']) expect(await respond([], message)).toContain('Paste a story');
  });

  it('answers bad input with a clear message, never a crash', async () => {
    expect(await respond([], 'x '.repeat(60_000))).toMatch(/at most 100,000 characters/);
    const binary = Array.from({ length: 3000 }, (_, i) => String.fromCharCode((i * 31) % 256)).join('');
    expect(await respond([], binary)).toMatch(/binary data/);
    expect(
      await respond(
        [],
        'Der Stadtrat hat am Dienstag beschlossen, die Öffnungszeiten der Bibliothek am Wochenende zu verlängern und mehr Personal einzustellen.',
      ),
    ).toMatch(/does not look like English/);
    expect(await respond([], '🎉🎉🎉 🙌 👏👏')).toContain('Paste a story');
    // @ts-expect-error a caller that passes nonsense still gets an answer
    expect(await respond({ message: 42 })).toContain('Paste a story');
  });
});

const RULE_ID = /\b(?:style|grammar|clarity|quote|context|vague|legal)\/[a-z-]+/;

/** Every clipped excerpt (“…”) in a reply ends on a whole word of the copy. */
function clipsEndOnWords(reply: string, copy: string): boolean {
  const flat = copy.replace(/\s+/g, ' ');
  return [...reply.matchAll(/“([^“”]{10,}?)…”/g)].every((m) => {
    const at = flat.indexOf(m[1]!.replace(/\\/g, ''));
    return at >= 0 && !/[\p{L}\p{N}]/u.test(flat[at + m[1]!.length] ?? ' ');
  });
}

describe('respond: reads like an editor, not a linter', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  const TWICE = `${WATER_RATES}\n\nA second hearing is set for 9pm Thursday, and a third for 7pm Friday, in order to take more comments.`;

  it('gives no rule ids in the prose and each rule’s reason once, however often it applies', async () => {
    const { findings } = await analyze(TWICE, { waitForGrammar: true });
    for (const message of [TWICE, `Make more concise\n\n${TWICE}`, `Is this AP style?\n\n${TWICE}`]) {
      const reply = await respond([], message, { waitForGrammar: true });
      expect(reply).not.toMatch(RULE_ID);
      for (const explanation of new Set(findings.map((f) => f.explanation))) {
        expect(reply.split(explanation).length - 1, explanation).toBeLessThanOrEqual(1);
      }
    }
    const review = await respond([], TWICE, { waitForGrammar: true });
    expect(review).toContain('AP style writes times');
    expect(review).toContain('**“7pm”** → **“7 p.m.”** (twice)');
  });

  it('never cuts a sentence it quotes in the middle of a word', async () => {
    const story = `${STABBING}\n\nThe landlord said he would change the locks next month after tenants who live on the second floor asked whether the county had inspected the stairwell, which officials said they did in May, though the report that was sent to the owner was never shared with the tenants who had complained.`;
    const reply = await respond([], story, { waitForGrammar: true });
    expect(reply).toContain('…');
    expect(clipsEndOnWords(reply, story)).toBe(true);
  });

  it('lists the sentences a cut to length took out whole, and explains the cut with them whole', async () => {
    const flat = STABBING.replace(/\s+/g, ' ');
    const request = `Cut to 60 words\n\n${STABBING}`;
    const cut = await respond([], request, { waitForGrammar: true });
    const listed = [...cut.matchAll(/^ {3}- “(.+)”$/gm)].map((m) => m[1]!);
    expect(listed.length).toBeGreaterThan(3);
    for (const passage of listed) {
      expect(flat, passage).toContain(passage);
      expect(passage).toMatch(/[.!?]["”]?$/);
    }
    const why = await respond(
      [
        { role: 'user', content: request },
        { role: 'assistant', content: cut },
      ],
      'Explain your edits',
      { waitForGrammar: true },
    );
    const item = why.match(/^\d+\. \*\*Cut \d+ sentences \(\d+ words\)\*\*: (.+)$/m)?.[1];
    expect(item).toBeDefined();
    expect(item).not.toContain('…');
    const quoted = [...item!.matchAll(/“([^”]+)”/g)].map((m) => m[1]!);
    expect(quoted.length).toBeGreaterThan(0);
    for (const passage of quoted) expect(flat, passage).toContain(passage);
    expect(item).toMatch(/; and \d+ more passages?\. /);
  });
});

describe('respond: requests that need copy', () => {
  it('asks for the copy a request needs when the conversation has none', async () => {
    expect(await respond([], 'Tighten this to 150 words')).toContain('Paste the story you want cut');
    expect(await respond([], 'Is this AP style?')).toContain('whether it follows AP style');
    expect(await respond([], 'What is missing from this story?')).toContain('who, what, when, where, why');
    expect(await respond([], 'Explain your edits')).toContain('I have not edited anything in this conversation yet');
  });

  it('answers thanks and questions it cannot answer from the copy without reviewing it again', async () => {
    const history = [
      { role: 'user' as const, content: STABBING },
      { role: 'assistant' as const, content: '## Editor’s review\n\nGood.' },
    ];
    expect(await respond(history, 'Thanks!')).toMatch(/^Glad to help/);
    const unknown = await respond(history, 'Who is the mayor of Marlow?');
    expect(unknown).toContain('I can only answer from the copy itself');
    expect(unknown).not.toContain('## Editor’s review');
    expect(await respond(history, 'How long is it?')).toContain(`${wordsIn(STABBING)} words in 17 sentences`);
  });
});

describe('groundingSummary', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it('lists each finding with its rule for a language model and marks quotes as untouchable', async () => {
    const analysis = await analyze(STORY, { waitForGrammar: true });
    const summary = groundingSummary(STORY, analysis);
    expect(summary).toContain('[style/times] "7pm"');
    expect(summary).toContain('Inside a quote');
    expect(summary).toContain('Never invent facts');
  });

  describe('a council story with a desk’s traps', () => {
    it.each(['Is this AP style?', 'does this follow AP?', 'is this ap style', 'Does this story follow the AP Stylebook?'])(
      '"%s" answers no, with the count and every departure, while one remains',
      async (question) => {
        const reply = await respond({ message: `${question}\n\n${LIBRARY.text}`, waitForGrammar: true });
        const style = (await analyze(LIBRARY.text, { waitForGrammar: true })).findings.filter((f) => f.category === 'style');
        expect(style.length).toBeGreaterThan(0);
        expect(reply).toMatch(/^## AP style: no/);
        expect(reply).toContain(`**No.** ${style.length === 1 ? '1 departure' : `${style.length} departures`} from AP style`);
        for (const f of style) expect(reply).toContain(`**“${f.text}”**`);
        expect(reply).not.toMatch(/\*\*(?:Yes|Mostly)\.\*\*/);
      },
    );

    it('writes headlines in the chat that a desk would publish, with no wait asked for', async () => {
      const reply = await respond({ message: `Write three headlines for this:\n\n${LIBRARY.text}` });
      expect(reply).toContain('1. Maple Grove City Council approves $12 million library renovation');
      expect(reply).not.toMatch(/sytem|libary/);
      expect(reply).not.toMatch(/^\d\. City should have sought state grants(?! *,)/m);
    });

    it('says yes only when no style finding remains', async () => {
      const clean = 'The Maple Grove City Council approved a $12 million library renovation Tuesday in a 5-2 vote, Mayor Ellen Voss said.';
      expect((await analyze(clean, { waitForGrammar: true })).findings.filter((f) => f.category === 'style')).toEqual([]);
      expect(await respond({ message: `Is this AP style?\n\n${clean}`, waitForGrammar: true })).toMatch(/^## AP style: yes/);
    });

    it('"what’s missing" counts the library director as a person and a source, never as a place', async () => {
      const reply = await respond({ message: `What’s missing?\n\n${LIBRARY.text}`, waitForGrammar: true });
      const line = (label: string) => reply.split('\n').find((l) => l.includes(`**${label}**`)) ?? '';
      expect(line('Who')).toContain('Susan Park');
      expect(line('Sources named')).toContain('Susan Park');
      expect(line('Where')).not.toMatch(/Park/);
      expect(line('Where')).toContain('Main street');
      expect(line('Agrees with itself')).toBeTruthy();
    });

    it('judges the story the writer pasted, not the revision its review offered, when asked after the review', async () => {
      const reviewed = await respond({ message: LIBRARY.text, waitForGrammar: true });
      expect(reviewed).toContain('Main Street');
      const history = [
        { role: 'user' as const, content: LIBRARY.text },
        { role: 'assistant' as const, content: reviewed },
      ];
      const style = await respond({ history, message: 'Is this AP style?', waitForGrammar: true });
      expect(style).toMatch(/^## AP style: no/);
      expect(style).toContain('Working on the copy from earlier in our conversation.');
      expect(style).toContain('**“street”** → **“Street”**');
      const missing = await respond({ history, message: 'What’s missing?', waitForGrammar: true });
      expect(missing.split('\n').find((l) => l.includes('**Where**'))).toContain('Main street');
      // a rewrite the writer asked for is the copy they work on next
      const concise = await respond({ history, message: CONCISE, waitForGrammar: true });
      expect(concise).toContain('Working on the latest revised version');
    });
  });
});

describe('respond: quotes against the conversation’s documents', () => {
  const transcript = { name: 'ortiz-interview.txt', text: BRIDGE_TRANSCRIPT };
  const section = (reply: string) => reply.slice(reply.indexOf('### Quotes against your sources')).split('\n### ')[0]!;

  it('says of each quotation of pasted copy whether a document has it word for word, altered or not at all', async () => {
    const reply = await respond({ message: BRIDGE, documents: [transcript] });
    const quotes = section(reply);
    expect(quotes).toContain('I looked up 3 quotations in **ortiz-interview.txt**: 1 word for word, 1 altered, 1 not found.');
    expect(quotes).toContain(
      '✅ **Word for word:** “I will not raise property taxes … We have the money in the capital fund” is in **ortiz-interview.txt**, line 6.',
    );
    expect(quotes).toContain('⚠️ **Altered:** “We have waited ten years for this bridge');
    expect(quotes).toContain('line 4: We have waited ~~a decade~~ **ten years** for this bridge');
    expect(quotes).toContain('❌ **Not found:** “The state has promised to cover half of the cost” is in none of your sources.');
    // The section reports them; the list of fixes does not repeat them.
    expect(reply.slice(0, reply.indexOf('### Quotes against your sources'))).not.toContain('not found in your sources');
  });

  it('takes curly quotes, brackets and ellipses for the source’s words, and reads sources given whole apart from passages', async () => {
    const copy =
      'Mayor Dana Ortiz said the city would not borrow. “We have the money in [the city’s] capital fund,” she said. "Crews should be on site ... weather permitting," Ortiz said.';
    const reply = await respond({
      message: copy,
      documents: [{ name: 'ortiz-interview.txt', text: 'a passage that says nothing' }],
      sources: [transcript],
    });
    expect(section(reply)).toContain('2 quotations in **ortiz-interview.txt**: 2 word for word.');
    expect(reply).not.toContain('Altered');
  });

  it('never looks a story’s quotations up in the story itself: the uploaded story under review is not a source', async () => {
    const reply = await respond({
      message: 'Please review this document and give me editorial feedback.',
      documents: [transcript, { name: 'bridge-story.docx', text: BRIDGE }],
    });
    expect(reply).toContain('Working on **bridge-story.docx**.');
    expect(section(reply)).toContain('in **ortiz-interview.txt**: 1 word for word, 1 altered, 1 not found.');
    expect(section(reply)).not.toContain('bridge-story.docx');
  });

  it('changes nothing without another document', async () => {
    expect(await respond({ message: BRIDGE })).not.toContain('Quotes against your sources');
    const alone = await respond({ message: 'Please review this document.', documents: [{ name: 'bridge-story.docx', text: BRIDGE }] });
    expect(alone).toContain('Working on **bridge-story.docx**.');
    expect(alone).not.toContain('Quotes against your sources');
  });

  it('answers “any problems with the quotes?” with the lookups among the quote findings', async () => {
    const reply = await respond({ message: `Any problems with the quotes?\n\n${BRIDGE}`, documents: [transcript] });
    expect(reply).toContain('Quote not found in your sources (ortiz-interview.txt)');
    expect(reply).toContain('Quote differs from ortiz-interview.txt (line 4)');
  });
});
