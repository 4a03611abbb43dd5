import { describe, expect, it } from 'vitest';
import { WriterCopy } from './facts';

const STORY =
  'SPRINGFIELD, Ill. — The City Council voted 5-2 on Tuesday, Jan. 14, to approve a $12 million renovation of the Carnegie Library, ' +
  'which opened in 1964. Five residents spoke at the hearing.\n\n' +
  'Gov. Maria Chen said the state would pay 40 percent. There were no objections from the library board.';
const copy = new WriterCopy([`Can you tighten this?\n\n${STORY}`]);
const said = (revised: string) => copy.unsupported(revised).map((f) => [f.kind, f.model, ...(f.kind === 'negation' ? [f.writer] : [])]);

describe('the writer’s copy against a model’s revision of it', () => {
  it('takes a figure, date or name the writer wrote in another form as the writer’s', () => {
    expect(
      said(
        'The council voted 5-2 Tuesday, January 14, to approve a $12,000,000 renovation of the library, opened in 1964. ' +
          'Governor Maria Chen said the state would pay 40% and five residents spoke. The board raised no objections.',
      ),
    ).toEqual([]);
  });

  it('calls out figures, dates and names the writer’s copy does not have', () => {
    expect(
      said('The council voted 6-1 Thursday, Jan. 15, on the $14 million plan. Council member Ruth Adams said 60% of the cost was covered.'),
    ).toEqual([
      ['date', 'Thursday'],
      ['date', 'Jan. 15'],
      ['figure', '6-1'],
      ['figure', '$14 million'],
      ['figure', '60%'],
      ['name', 'Ruth Adams'],
    ]);
  });

  it('calls out a statement turned around: a “no” dropped, a “not” added', () => {
    expect(said('There were objections from the library board.')).toEqual([
      ['negation', 'There were objections', 'There were no objections'],
    ]);
    expect(said('Chen said the state would not pay 40 percent.')).toEqual([
      ['negation', 'the state would not pay 40 percent', 'the state would pay 40 percent'],
    ]);
  });

  it('reads a paragraph as revised copy when most of its own words are the writer’s, not the model’s notes about it', () => {
    expect(copy.echoes('The council approved the Carnegie Library renovation on Tuesday, 5-2.')).toBe(true);
    expect(copy.echoes('I moved the vote into the lede and cut the second reference to the governor’s title.')).toBe(false);
    expect(copy.echoes('The quote "Five residents spoke at the hearing" could go.')).toBe(false);
  });
});
