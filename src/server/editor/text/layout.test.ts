import { describe, expect, it } from 'vitest';
import { buildDocument } from './document';
import { findDatelines, findLabels } from './layout';

const spans = (text: string, found: { start: number; end: number }[]) => found.map((s) => text.slice(s.start, s.end));

describe('datelines', () => {
  it.each([
    ['SPRINGFIELD, Ill. (AP) — A former state worker pleaded not guilty.', 'SPRINGFIELD, Ill. (AP) — '],
    ['ST. LOUIS (AP) — Nolan Reyes hit a double.', 'ST. LOUIS (AP) — '],
    ['WINSTON-SALEM, N.C. (AP) — The plant will close.', 'WINSTON-SALEM, N.C. (AP) — '],
    ['BOISE, Idaho (AP) — The council voted 4-2.', 'BOISE, Idaho (AP) — '],
    ['DAYTON, Ohio — The city will pay $2.75 million.', 'DAYTON, Ohio — '],
    ['SAN FRANCISCO (Reuters) - A federal court ruled.', 'SAN FRANCISCO (Reuters) - '],
  ])('finds the dateline of %s', (text, dateline) => {
    expect(spans(text, findDatelines(text))).toEqual([dateline]);
  });

  it('finds a dateline at the start of each story in pasted copy, and nowhere else', () => {
    const text = 'DENVER (AP) — Snow fell.\n\nThe city said the FBI — not the police — would investigate.\n\nPHOENIX (AP) — It was hot.';
    expect(spans(text, findDatelines(text))).toEqual(['DENVER (AP) — ', 'PHOENIX (AP) — ']);
  });

  it.each(['FBI agents searched the house — and found nothing.', 'The council met Tuesday.', 'A — the first item'])(
    'finds none in %s',
    (text) => {
      expect(findDatelines(text)).toEqual([]);
    },
  );

  it('treats the first word after a dateline as the start of a sentence', () => {
    const text = 'BOISE, Idaho (AP) — Thirty of the units are set aside.';
    const doc = buildDocument(text);
    expect(doc.startsSentence(text.indexOf('Thirty'))).toBe(true);
    expect(doc.inLayout(text.indexOf('BOISE'))).toBe(true);
    expect(doc.inLayout(text.indexOf('Thirty'))).toBe(false);
  });
});

describe('section labels', () => {
  it('finds capitalised lines and capitalised labels ending in a colon', () => {
    const text = "TRAINER'S ROOM\n\nCubs: Ashby will begin a rehab assignment.\n\nUP NEXT\n\nTHEFT: A bike was taken from a garage.";
    expect(spans(text, findLabels(text))).toEqual(["TRAINER'S ROOM", 'UP NEXT', 'THEFT:']);
  });

  it('leaves sentences and lines of prose alone', () => {
    expect(findLabels('The FBI and the NTSB said the plane was new.\nIt had flown 40 hours.')).toEqual([]);
  });
});
