import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { stopHarper, warmHarper } from './harper/client';
import { EditorInputError, MAX_TEXT_CHARS } from './limits';

describe('analyze', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it('returns findings with UTF-16 offsets into the text and the rule that fired', async () => {
    const text = '😀 The council met at 7pm and recieved 4 letters.';
    const { findings } = await analyze(text, { waitForGrammar: true });
    for (const f of findings) expect(text.slice(f.start, f.end)).toBe(f.text);
    expect(findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(['style/times', 'style/small-numbers']));
    expect(findings.some((f) => f.category === 'grammar' && f.text === 'recieved')).toBe(true);
  });

  it('computes words, sentences and the Flesch-Kincaid grade', async () => {
    const { stats } = await analyze('The cat sat on the mat. The dog ran to the park.');
    expect(stats.words).toBe(12);
    expect(stats.sentences).toBe(2);
    expect(stats.readingGrade).toBeGreaterThanOrEqual(0);
    expect(stats.readingGrade).toBeLessThan(3);
  });

  it('finds nothing on clean AP copy', async () => {
    const text =
      'The Wrenfield City Council voted unanimously Tuesday to extend weekend hours at the public library. Library Director Helen Brandt said residents asked for longer hours at every budget hearing since 2022. "Families told us the weekend is the only time they can come in together," Brandt said.';
    expect((await analyze(text, { waitForGrammar: true })).findings).toEqual([]);
  });

  it('answers empty and whitespace-only text with no findings', async () => {
    for (const text of ['', '   \n\t  '])
      expect(await analyze(text)).toEqual({ findings: [], stats: { words: 0, sentences: 0, readingGrade: 0 } });
  });

  it('refuses text over the limit with a clear message', async () => {
    await expect(analyze('word '.repeat(40_000))).rejects.toThrow(EditorInputError);
    await expect(analyze('a'.repeat(MAX_TEXT_CHARS + 1))).rejects.toThrow(/at most 100,000 characters/);
  });

  it('refuses binary garbage', async () => {
    const garbage = Array.from({ length: 2000 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
    await expect(analyze(garbage)).rejects.toThrow(/binary data/);
  });

  it('handles emoji-only and non-English text without findings or a crash', async () => {
    expect((await analyze('🎉🎉🎉 🙌')).findings).toEqual([]);
    const german = (
      await analyze('Der Stadtrat hat am Dienstag beschlossen, die Öffnungszeiten der Bibliothek am Wochenende zu verlängern.')
    ).findings;
    expect(german).toEqual([]);
    const japanese = await analyze('市議会は火曜日、図書館の週末の開館時間を延長することを決めた。');
    expect(japanese.findings).toEqual([]);
  });

  it('does not wait for the grammar checker unless asked', async () => {
    await stopHarper();
    const { findings } = await analyze('The county recieved 4 letters at 7pm.');
    expect(findings.some((f) => f.ruleId === 'grammar/spelling')).toBe(false);
    expect(findings.some((f) => f.ruleId === 'style/times')).toBe(true);
    await warmHarper();
  }, 60_000);
});
