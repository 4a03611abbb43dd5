import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/limits';
import { MAX_STYLEBOOK_ENTRIES, STYLEBOOK_MESSAGES, type StylebookEntryInput } from '../../shared/schemas/stylebook';
import { collect, failure, subscriber, visitor } from '../services/chat/test-support';
import { STYLEBOOK_ERRORS } from '../services/stylebook';
import { teamOfTwo } from '../services/teams/test-support';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
afterEach(() => t?.close());

const WILKES_BARRE: StylebookEntryInput = {
  type: 'prefer',
  term: 'Wilkes-Barre',
  variants: ['Wilkes Barre'],
  note: 'The city is hyphenated.',
};
const HEADER = 'type,term,variants,replacement,reason,case';

describe('the stylebook', () => {
  it('belongs to the team: the owner and team editors keep it, members read it, and none reaches another team’s', async () => {
    t = createTestApp();
    const { owner, member } = await teamOfTwo(t);
    const ownerApi = t.caller({ token: owner }).api;
    const memberApi = t.caller({ token: member }).api;
    const made = await ownerApi.stylebook.create(WILKES_BARRE);
    expect(made).toMatchObject({ type: 'prefer', term: 'Wilkes-Barre', variants: ['Wilkes Barre'], caseSensitive: false });

    const seen = await memberApi.stylebook.list();
    expect(seen.owner).toEqual({ kind: 'team', teamName: 'Metro Desk', canEdit: false });
    expect(seen.entries.map((e) => e.term)).toEqual(['Wilkes-Barre']);
    for (const call of [
      () => memberApi.stylebook.create({ type: 'avoid', term: 'slammed' }),
      () => memberApi.stylebook.update({ id: made.id, entry: WILKES_BARRE }),
      () => memberApi.stylebook.remove({ id: made.id }),
      () => memberApi.stylebook.import({ format: 'csv', content: `${HEADER}\navoid,slammed,,,,\n` }),
    ])
      expect(await failure(call())).toMatchObject({ code: 'FORBIDDEN', message: STYLEBOOK_ERRORS.readOnly });

    const memberId = (await t.services.users.findByEmail('tomas@news.example'))!.id;
    await ownerApi.team.setMemberRole({ id: memberId, role: 'editor' });
    const editorApi = t.caller({ token: member }).api;
    expect((await editorApi.stylebook.list()).owner.canEdit).toBe(true);
    const byEditor = await editorApi.stylebook.create({ type: 'avoid', term: 'slammed' });
    await editorApi.stylebook.remove({ id: byEditor.id });

    const outsider = await visitor(t, 'lena');
    expect((await outsider.api.stylebook.list()).owner).toEqual({ kind: 'personal', teamName: null, canEdit: true });
    expect((await outsider.api.stylebook.list()).entries).toEqual([]);
    expect(await failure(outsider.api.stylebook.update({ id: made.id, entry: WILKES_BARRE }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(outsider.api.stylebook.remove({ id: made.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps one entry per type and term, searches, edits and deletes', async () => {
    t = createTestApp();
    const writer = await visitor(t, 'lena');
    const { api } = writer;
    const first = await api.stylebook.create(WILKES_BARRE);
    expect(await failure(api.stylebook.create({ ...WILKES_BARRE, term: 'wilkes-barre' }))).toMatchObject({
      code: 'CONFLICT',
      message: STYLEBOOK_MESSAGES.duplicate,
    });
    expect(await failure(api.stylebook.create({ type: 'prefer', term: 'per cent' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: STYLEBOOK_MESSAGES.variantsRequired,
    });
    const avoid = await api.stylebook.create({ type: 'avoid', term: 'slammed', replacement: 'criticized', note: 'Say what they did.' });
    expect((await api.stylebook.list({ search: 'did' })).entries.map((e) => e.id)).toEqual([avoid.id]);
    expect((await api.stylebook.list({ search: 'barre' })).entries.map((e) => e.id)).toEqual([first.id]);
    const edited = await api.stylebook.update({ id: first.id, entry: { ...WILKES_BARRE, variants: ['Wilkes Barre', 'Wilkesbarre'] } });
    expect(edited.variants).toEqual(['Wilkes Barre', 'Wilkesbarre']);
    await api.stylebook.remove({ id: avoid.id });
    expect((await api.stylebook.list()).entries.map((e) => e.term)).toEqual(['Wilkes-Barre']);
  });

  it('imports a CSV all or nothing, naming the bad lines, and exports what it holds', async () => {
    t = createTestApp();
    const { api } = await visitor(t, 'lena');
    const bad = await api.stylebook.import({
      format: 'csv',
      content: `${HEADER}\navoid,slammed,,,,\nprefer,per cent,,,,\nwho,knows,,,,\n`,
    });
    expect(bad).toEqual({
      ok: false,
      errors: [
        { line: 3, message: `variants: ${STYLEBOOK_MESSAGES.variantsRequired}` },
        { line: 4, message: 'type: Type must be prefer, avoid or accept.' },
      ],
    });
    expect((await api.stylebook.list()).total).toBe(0);

    await api.stylebook.create({ type: 'avoid', term: 'slammed' });
    const csv = `${HEADER}\r\navoid,slammed,,criticized,Say what they did.,\r\nprefer,Wilkes-Barre,Wilkes Barre|Wilkesbarre,,Hyphenated.,\r\n`;
    expect(await api.stylebook.import({ format: 'csv', content: csv })).toEqual({ ok: true, added: 1, updated: 1 });
    expect((await api.stylebook.list()).entries.find((e) => e.term === 'slammed')).toMatchObject({ replacement: 'criticized' });
    const exported = (await api.stylebook.exportCsv()).csv;
    expect(exported.split('\r\n').sort()).toEqual(csv.split('\r\n').sort());
  });

  it('imports Vale rules, and 5,000 lines at most', async () => {
    t = createTestApp();
    const { api } = await visitor(t, 'lena');
    const vale = 'extends: substitution\nmessage: Use %s.\nignorecase: true\nswap:\n  Wilkes Barre: Wilkes-Barre\n';
    expect(await api.stylebook.import({ format: 'vale', content: vale })).toEqual({ ok: true, added: 1, updated: 0 });
    const many = [HEADER, ...Array.from({ length: MAX_STYLEBOOK_ENTRIES }, (_, i) => `avoid,word${i},,,,`)].join('\n');
    expect(await api.stylebook.import({ format: 'csv', content: many })).toEqual({
      ok: false,
      errors: [{ line: 1, message: STYLEBOOK_MESSAGES.tooMany }],
    });
    expect(await api.stylebook.import({ format: 'csv', content: many.split('\n').slice(0, -1).join('\n') })).toEqual({
      ok: true,
      added: MAX_STYLEBOOK_ENTRIES - 1,
      updated: 0,
    });
    expect(await failure(api.stylebook.create({ type: 'avoid', term: 'one more' }))).toMatchObject({ message: STYLEBOOK_MESSAGES.tooMany });
  });

  it('compiles once per version and counts the findings each entry raised over 30 days', async () => {
    t = createTestApp();
    const lena = await visitor(t, 'lena');
    const user = (await t.services.users.findByEmail('lena@news.example'))!;
    const entry = await lena.api.stylebook.create(WILKES_BARRE);
    const compiled = await t.services.stylebook.compiledFor(user);
    expect(await t.services.stylebook.compiledFor(user)).toBe(compiled);
    await t.services.stylebook.recordHits([entry.id, entry.id]);
    t.clock.advance(29 * DAY_MS);
    await t.services.stylebook.recordHits([entry.id]);
    expect((await lena.api.stylebook.list()).entries[0]!.hits).toBe(3);
    t.clock.advance(DAY_MS);
    expect((await lena.api.stylebook.list()).entries[0]!.hits).toBe(1);

    await lena.api.stylebook.update({ id: entry.id, entry: { ...WILKES_BARRE, variants: ['Wilkesbarre'] } });
    const recompiled = await t.services.stylebook.compiledFor(user);
    expect(recompiled).not.toBe(compiled);
    expect(recompiled!.occurrences('In Wilkesbarre and Wilkes Barre.').map((o) => o.role)).toEqual(['hit']);
  });

  it('reviews copy against it: editor.analyze and the chat’s editor cite house entries and count them', async () => {
    t = createTestApp();
    const lena = await subscriber(t, 'lena');
    const entry = await lena.api.stylebook.create(WILKES_BARRE);
    const story = 'Officials in Wilkes Barre met Tuesday to approve the budget. "Wilkes Barre is home," Mayor Ann Cole said.';
    const { findings } = await lena.api.editor.analyze({ text: story });
    expect(findings.filter((f) => f.ruleId.startsWith('house/'))).toEqual([
      expect.objectContaining({
        ruleId: `house/${entry.id}`,
        text: 'Wilkes Barre',
        explanation: 'The city is hyphenated.',
        start: story.indexOf('Wilkes Barre'),
      }),
    ]);
    expect((await lena.api.stylebook.list()).entries[0]!.hits).toBe(1);

    const { id } = await lena.api.chat.create({ title: 'Budget' });
    await collect(await lena.api.chat.send({ conversationId: id, content: story }));
    const reply = (await lena.api.chat.get({ id })).messages.at(-1)!.content;
    expect(reply).toContain('Wilkes-Barre');
    expect(reply).toContain('The city is hyphenated.');
    expect(reply).toContain('**House style** (1)');
    expect(reply).toContain('"Wilkes Barre is home,"');
    expect((await lena.api.stylebook.list()).entries[0]!.hits).toBe(2);
  });
});
