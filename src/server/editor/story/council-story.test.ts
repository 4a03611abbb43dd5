import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { stopHarper, warmHarper } from '../harper/client';
import { respond } from '../respond/respond';
import { rewrite } from '../rewrite';

/** A council story as a reporter files it on deadline: every slip here is one a desk catches. */
const STORY = `The Harlow City Council voted 5-2 Tuesday to approve a $12 million renovation of the towns library, ending a debate that began last Fall.

Council member Rita Vance cast the deciding vote. She said the city should have sought state grants before borrowing, but that the building could not wait.

The library opened in 1964 and has served residents for 60 years. Library director Susan Park said the childrens wing will close in March while crews replace the roof.

The renovation will also add a meeting room facing Main street, according to plans presented by Mayor Tom Ellis.

Council member Dale Ortiz, who voted against the plan, said the towns budget cannot absorb the debt payments. "We are borrowing against the future," he said.`;

const NOW = new Date(Date.UTC(2026, 10, 29));

describe('a council story read the way a copy desk reads it', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it('finds the possessives, the capitals, the tally and the anniversary', async () => {
    const { findings } = await analyze(STORY, { waitForGrammar: true, now: NOW });
    const found = findings.map((f) => [f.ruleId, f.text]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['grammar/word-roles', 'towns'],
        ['grammar/word-roles', 'childrens'],
        ['style/capitalization', 'Fall'],
        ['style/capitalization', 'street'],
        ['consistency/vote-tally', 'deciding vote'],
        ['consistency/elapsed-years', '60 years'],
      ]),
    );
    expect(findings.filter((f) => f.category === 'consistency').every((f) => f.related && f.suggestion === null)).toBe(true);
  });

  it('fixes the safe ones in the revised text and leaves the quote alone', async () => {
    const { text } = await rewrite(STORY, 'grammar', { waitForGrammar: true });
    expect(text).toContain('the town’s library');
    expect(text).toContain('the children’s wing');
    expect(text).toContain('last fall');
    expect(text).toContain('Main Street');
    expect(text).toContain('"We are borrowing against the future," he said.');
  });

  it('answers "Is this AP style?" with no and the list', async () => {
    const reply = await respond([], `Is this AP style?\n\n${STORY}`, { waitForGrammar: true });
    expect(reply).toMatch(/\bNo\b/);
    expect(reply).toContain('Fall');
    expect(reply).toContain('street');
  });
});
