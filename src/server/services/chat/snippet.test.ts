import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { searchSnippet } from './snippet';

describe('searchSnippet', () => {
  it('gives an editor’s reply as the words a reader sees, its lines run together', () => {
    expect(searchSnippet('## Editor’s review\n\nWorking on **wildfire.docx**. The crews held the line…', 'assistant')).toBe(
      'Editor’s review · Working on wildfire.docx. The crews held the line…',
    );
    expect(
      searchSnippet(
        '…in the lede.\n\n### What to fix\n- **“7pm”** → **“7 p.m.”** (twice)\n  _Why:_ AP writes times with a.m. and p.m.',
        'assistant',
      ),
    ).toBe('…in the lede. What to fix · “7pm” → “7 p.m.” (twice) · Why: AP writes times with a.m. and p.m.');
  });

  it('drops a mark whose partner the excerpt cut off', () => {
    expect(searchSnippet('…wildfire.docx**. The fire was *contained* by crews', 'assistant')).toBe(
      '…wildfire.docx. The fire was contained by crews',
    );
    expect(searchSnippet('Residents of **“the Riverside…', 'assistant')).toBe('Residents of “the Riverside…');
    expect(searchSnippet('the flagged `7pm…', 'assistant')).toBe('the flagged 7pm…');
  });

  it('keeps what is text: escaped marks, snake_case, arithmetic, hashtags', () => {
    expect(searchSnippet('**“wildfire\\_final.docx”** and 2 * 3 and #wildfire', 'assistant')).toBe(
      '“wildfire_final.docx” and 2 * 3 and #wildfire',
    );
    expect(searchSnippet('He said \\*not\\* this', 'assistant')).toBe('He said *not* this');
  });

  it('shows a user’s own message as typed, on one line', () => {
    expect(searchSnippet('## Not a heading\n\n**as typed** 2 * 3', 'user')).toBe('## Not a heading **as typed** 2 * 3');
  });
});

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('conversation search excerpts', () => {
  it('are plain text for replies, with the words searched for in them', async () => {
    t = createTestApp();
    const db = t.db;
    const { conversations, messages, users } = db.tables;
    const [user] = await db
      .insert(users)
      .values({ username: 'mariana', email: 'mariana@news.example', passwordHash: 'not-a-hash' })
      .returning();
    const userId = user!.id;
    const at = new Date(Date.UTC(2026, 2, 2));
    const [conversation] = await db.insert(conversations).values({ userId, title: 'Fire story', createdAt: at, updatedAt: at }).returning();
    const id = conversation!.id;
    await db.insert(messages).values([
      { conversationId: id, role: 'user', content: 'Review **this**: crews held the wildfire line', createdAt: at },
      {
        conversationId: id,
        role: 'assistant',
        content: '## Editor’s review\n\nWorking on **wildfire.docx**.\n\n### What works\n- The lead is 23 words.',
        createdAt: at,
      },
    ]);
    const [hit] = await t.services.chat.search({ id: userId }, 'wildfire');
    expect(hit!.messages.map((m) => m.snippet)).toEqual([
      'Review **this**: crews held the wildfire line',
      'Editor’s review · Working on wildfire.docx. What works · The lead is 23 words.',
    ]);
  });
});
