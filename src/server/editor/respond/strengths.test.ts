import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { stopHarper } from '../harper/client';
import { buildDocument } from '../text/document';
import { strengths } from './strengths';

afterAll(() => stopHarper());

async function praise(text: string) {
  return strengths(buildDocument(text), await analyze(text), false);
}

const ATTRIBUTED =
  'The Wrenfield school board voted 5-2 on Monday to close Lincoln Elementary in June, Superintendent Maria Leland said.\n\n"We had no choice given the enrollment," Leland said.';

describe('strengths', () => {
  it('praises attributed quotes and named sources when the copy bears it out', async () => {
    const good = await praise(ATTRIBUTED);
    expect(good).toContain('Every quote is attributed and adds a voice rather than restating facts.');
    expect(good).toContain('Claims are attributed to named sources.');
  });

  it('never praises attribution next to an unattributed quote', async () => {
    const text = `${ATTRIBUTED}\n\n"This is a betrayal of the whole neighborhood."`;
    const { findings } = await analyze(text);
    expect(findings.some((f) => f.category === 'quote')).toBe(true);
    const good = await praise(text);
    expect(good.join(' ')).not.toMatch(/attributed/);
  });

  it('never praises sourcing, figures or style that its own findings contradict', async () => {
    const text =
      'The council voted on Jan. 5th to raise fees, sources said. Many residents are unhappy, and complaints have doubled, critics say.';
    const good = (await praise(text)).join(' ');
    expect(good).not.toContain('named sources');
    expect(good).not.toContain('specific figures');
    expect(good).not.toContain('AP style');
  });
});
