import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { searchTerms } from '../services/chat/search';
import { messageFtsQuery, ownedFtsQuery } from '../sqlite/conversation-search';
import { fts5Snippet } from './fts5-snippet';

// The reference is SQLite itself: the message index as migration 0006 declares it, and the
// snippet() call the sidebar search makes.
const sqlite = new Database(':memory:');
sqlite.exec(`CREATE VIRTUAL TABLE messages_fts USING fts5(content, owner, prefix='1 2 3', tokenize='unicode61 remove_diacritics 2')`);
const insert = sqlite.prepare(`INSERT INTO messages_fts(rowid, content, owner) VALUES (1, ?, '\u{E000}7')`);
const snippet = sqlite.prepare<[string], { s: string }>(
  `SELECT snippet(messages_fts, 0, '', '', '…', 16) AS s FROM messages_fts WHERE messages_fts MATCH ?`,
);
afterAll(() => sqlite.close());

/** What SQLite's search shows for `content` found by `query`, or undefined when it does not find it. */
function sqliteSnippet(content: string, query: string): string | undefined {
  sqlite.exec('DELETE FROM messages_fts');
  insert.run(content);
  const terms = searchTerms(query);
  return terms ? snippet.get(ownedFtsQuery(7, messageFtsQuery(terms)))?.s : undefined;
}

const ours = (content: string, query: string) => fts5Snippet(content, searchTerms(query)!);

const LONG =
  'The council met on Tuesday. After a long debate over taxes, members approved the riverfront budget of $4.2 million: ' +
  'the vote was 7-2. Engineers said the flood barrier was delayed again because the steel arrived late, and the budget ' +
  'for next year will include a second barrier near the harbour. Residents asked questions until midnight.';

describe('FTS5 snippets rebuilt for PostgreSQL', () => {
  it('cuts the same excerpt as SQLite: whole short messages, windows around matches, sentence starts, ellipses', () => {
    const cases: Array<[string, string]> = [
      ['The regatta was cancelled', 'regat'],
      [LONG, 'budget'],
      [LONG, 'steel arr'],
      [LONG, 'midnight'],
      [LONG, 'council'],
      [LONG, 'harbour budg'],
      [LONG, '4 2'],
      [LONG, 'barrier b'],
      ['Zürich: le CAFÉ était fermé. Naïve readers — “quoted” — agree.', 'cafe'],
      ['Zürich: le CAFÉ était fermé. Naïve readers — “quoted” — agree.', 'zurich naive'],
      ['  leading space, then words.\n\nA new paragraph: with a colon. And more words here to pass sixteen tokens easily now.', 'more'],
    ];
    for (const [content, query] of cases) {
      const expected = sqliteSnippet(content, query);
      expect(expected, `SQLite finds "${query}"`).toBeDefined();
      expect(ours(content, query), `"${query}" in "${content.slice(0, 30)}…"`).toBe(expected);
    }
  });

  it('agrees with SQLite on generated messages and queries', () => {
    const words = [
      'budget',
      'Budget',
      'budgets',
      'council',
      'café',
      'Cafe',
      'naïve',
      'flood',
      'barrier',
      '2026',
      '4',
      'x9',
      'über',
      'a',
      'I',
      'steel',
    ];
    const separators = [' ', ' ', ' ', '. ', ': ', ', ', '\n', '\n\n', ' — ', '... ', '.\n', '  ', '! ', ' (', ') ', ' "', '" ', '.', ':'];
    const message = fc
      .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...separators)), { minLength: 1, maxLength: 60 })
      .map((parts) => parts.map(([w, s]) => w + s).join(''));
    const query = fc.tuple(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 6 }));
    fc.assert(
      fc.property(message, query, (content, [terms, prefix]) => {
        const q = [...terms.slice(0, -1), terms.at(-1)!.slice(0, prefix)].join(' ');
        const expected = sqliteSnippet(content, q);
        fc.pre(expected !== undefined);
        expect(ours(content, q)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });
});
