import fs from 'node:fs';
import path from 'node:path';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_ANSWERS_ID, PAGE_MODULES, PAGE_SESSION_ID, type PageAnswers } from '../../shared/page-shell';
import { createTestApp, type TestApp } from '../test-app';
import { get, registerUser } from '../test-http';
import { collect, subscriber } from '../services/chat/test-support';
import { PAGE_CONVERSATION_MAX_CHARS } from './page-answers';
import { renderPage, scriptFiles, type Manifest } from './page-shell';

const TEMPLATE =
  '<!doctype html><html><head><title>Copydesk</title><script type="module" crossorigin src="/assets/index-A1.js"></script></head><body><div id="root"></div></body></html>';

/** The shape Vite writes: page modules importing shared chunks, which import the entry and each other. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-A1.js' },
  'routes/landing-page.tsx': { file: 'assets/landing-page-L1.js', imports: ['index.html', '_common-C1.js'] },
  'routes/subscribed-layout.tsx': { file: 'assets/subscribed-layout-S1.js', imports: ['index.html', '_editor-E1.js'] },
  'routes/chat-page.tsx': { file: 'assets/chat-page-P1.js', imports: ['_forms-F1.js', 'index.html', '_editor-E1.js', '_common-C1.js'] },
  '_editor-E1.js': { file: 'assets/editor-E1.js', imports: ['index.html', '_forms-F1.js'] },
  '_forms-F1.js': { file: 'assets/forms-F1.js', imports: ['index.html'] },
  '_common-C1.js': { file: 'assets/common-C1.js', imports: ['index.html'] },
};

const USER = { id: 7, username: 'mariana', email: 'mariana@news.example' };

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

function sessionOf(html: string): unknown {
  const block = new RegExp(`<script type="application/json" id="${PAGE_SESSION_ID}">(.*?)</script>`).exec(html);
  return block ? JSON.parse(block[1]!) : undefined;
}

function answersOf(html: string): unknown {
  const block = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">(.*?)</script>`).exec(html);
  return block ? superjson.parse(block[1]!) : undefined;
}

const CAPABILITIES = { assistantId: 'copydesk-editor', hasVectorCapabilities: false, message: 'I edit to <b>AP</b> style.' };

describe('a page as it is sent', () => {
  it('names page modules that exist in the client', () => {
    const client = path.resolve(import.meta.dirname, '../../client');
    for (const [page, { modules }] of Object.entries(PAGE_MODULES)) {
      for (const m of modules) expect(fs.existsSync(path.join(client, m)), `${page}: ${m}`).toBe(true);
    }
  });

  it('announces every script its modules import beyond the entry, each once', () => {
    expect(scriptFiles(MANIFEST, PAGE_MODULES['/chat']!.modules).sort()).toEqual([
      '/assets/chat-page-P1.js',
      '/assets/common-C1.js',
      '/assets/editor-E1.js',
      '/assets/forms-F1.js',
      '/assets/subscribed-layout-S1.js',
    ]);
    expect(scriptFiles(MANIFEST, PAGE_MODULES['/']!.modules).sort()).toEqual(['/assets/common-C1.js', '/assets/landing-page-L1.js']);
    // A module the build does not know (a stale table, a missing manifest) announces nothing rather than a broken path.
    expect(scriptFiles({}, PAGE_MODULES['/chat']!.modules)).toEqual([]);
  });

  it('writes the preloads and who is signed in into the head, and leaves the rest of the page as it is', () => {
    const html = renderPage(TEMPLATE, MANIFEST, '/chat', USER);
    expect(preloadsOf(html).sort()).toEqual(scriptFiles(MANIFEST, PAGE_MODULES['/chat']!.modules).sort());
    expect(sessionOf(html)).toEqual(USER);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('src="/assets/index-A1.js"')).toBeLessThan(html.indexOf('modulepreload'));
    expect(html.replace(/<link rel="modulepreload"[^>]*>|<script type="application\/json".*?<\/script>/g, '')).toBe(TEMPLATE);
  });

  it('tells a visitor that nobody is signed in, and does not announce the code of a page a visitor is sent away from', () => {
    const chat = renderPage(TEMPLATE, MANIFEST, '/chat', null);
    expect(sessionOf(chat)).toBeNull();
    expect(preloadsOf(chat)).toEqual([]);
    const landing = renderPage(TEMPLATE, MANIFEST, '/', null);
    expect(sessionOf(landing)).toBeNull();
    expect(preloadsOf(landing)).toHaveLength(2);
  });

  it('says nothing about the session when it is unknown, so the page asks', () => {
    expect(renderPage(TEMPLATE, MANIFEST, '/', undefined)).not.toContain(PAGE_SESSION_ID);
    expect(preloadsOf(renderPage(TEMPLATE, MANIFEST, '/unknown-page', null))).toEqual([]);
  });

  it('writes a name that holds markup as text the page reads back, never as markup', () => {
    const username = '</script><script>alert(1)</script><!--';
    const html = renderPage(TEMPLATE, MANIFEST, '/chat', { ...USER, username });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(sessionOf(html)).toEqual({ ...USER, username });
  });
});

describe("a page's first answers", () => {
  it('writes them beside the session, as text the page reads back', () => {
    const at = '2026-11-20T10:00:00.000Z';
    const conversations = { items: [{ id: 3, title: 'Budget vote', createdAt: at, updatedAt: at }], nextCursor: null };
    const html = renderPage(TEMPLATE, MANIFEST, '/chat', USER, { capabilities: CAPABILITIES, conversations });
    expect(answersOf(html)).toEqual({ capabilities: CAPABILITIES, conversations });
    expect(html).not.toContain('<b>');
    expect(html.indexOf(PAGE_SESSION_ID)).toBeLessThan(html.indexOf(PAGE_ANSWERS_ID));
    expect(html.indexOf(PAGE_ANSWERS_ID)).toBeLessThan(html.indexOf('</head>'));
  });

  it('writes none into a page for a visitor, or with the session unknown', () => {
    for (const session of [null, undefined])
      expect(renderPage(TEMPLATE, MANIFEST, '/chat', session, { capabilities: CAPABILITIES })).not.toContain(PAGE_ANSWERS_ID);
    expect(renderPage(TEMPLATE, MANIFEST, '/chat', USER)).not.toContain(PAGE_ANSWERS_ID);
  });
});

describe('the page the server sends', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  function appWithClient() {
    t = createTestApp();
    const clientDir = path.join(t.config.dataDir, 'no-client');
    fs.mkdirSync(path.join(clientDir, '.vite'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    return t;
  }

  it('says who is signed in, as auth.session does, at / and at any client path', async () => {
    const app = appWithClient();
    const token = await registerUser(app, 'mariana');
    const expected = await app.caller({ token }).api.auth.session();
    for (const p of ['/', '/chat', '/settings']) {
      const html = await (await get(app, p, { token })).text();
      expect(sessionOf(html), p).toEqual(expected);
    }
    expect(preloadsOf(await (await get(app, '/chat', { token })).text())).toContain('/assets/chat-page-P1.js');
  });

  it('says nobody is signed in to a visitor, and to a session that has ended', async () => {
    const app = appWithClient();
    expect(sessionOf(await (await get(app, '/')).text())).toBeNull();
    const token = await registerUser(app, 'mariana');
    await app.caller({ token }).api.auth.logout();
    expect(sessionOf(await (await get(app, '/chat', { token })).text())).toBeNull();
  });

  it("answers what the chat page draws first, as the user's own requests would, and nothing on other pages", async () => {
    const app = appWithClient();
    const { token, api: all } = await subscriber(app, 'mariana');
    const api = all.chat;
    const older = await api.create({ title: 'Council budget' });
    const newer = await api.create({ title: 'Wildfire update' });
    await collect(await api.send({ conversationId: newer.id, content: 'Tighten this lede: The council voted on Tuesday.' }));
    const answers = answersOf(await (await get(app, '/chat', { token })).text()) as PageAnswers;
    expect(answers.capabilities).toEqual(await api.capabilities());
    expect(answers.conversations).toEqual(await api.list({ cursor: null }));
    expect(answers.conversations!.items.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect(answers.conversation).toEqual(await api.get({ id: newer.id }));
    for (const p of ['/', '/settings']) expect(answersOf(await (await get(app, p, { token })).text()), p).toBeUndefined();
    expect(answersOf(await (await get(app, '/chat')).text())).toBeUndefined();
  });

  it('leaves a long first conversation for the page to ask for', async () => {
    const app = appWithClient();
    const { token, api: all } = await subscriber(app, 'mariana');
    const api = all.chat;
    const { id } = await api.create({ title: 'Long read' });
    const story = 'The council voted 7-2 on Tuesday to approve the budget. '.repeat(Math.ceil(PAGE_CONVERSATION_MAX_CHARS / 56));
    await collect(await api.send({ conversationId: id, content: story }));
    const answers = answersOf(await (await get(app, '/chat', { token })).text()) as PageAnswers;
    expect(answers.conversations!.items.map((c) => c.id)).toEqual([id]);
    expect(answers.conversation).toBeUndefined();
  });

  it('keeps the build manifest to itself', async () => {
    const app = appWithClient();
    const res = await get(app, '/.vite/manifest.json');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('chat-page');
  });
});
