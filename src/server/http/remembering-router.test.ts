import type { Params } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_PATH_LENGTH, REMEMBERED_PATHS, RememberingRouter } from './remembering-router';

const ROUTES: Array<[string, string, string]> = [
  ['ALL', '*', 'pipeline'],
  ['GET', '/api/user', 'me'],
  ['GET', '/api/conversations/search', 'search'],
  ['GET', '/api/conversations/:id', 'open'],
  ['POST', '/api/conversations/:id/messages', 'send'],
  ['ALL', '/trpc/*', 'trpc'],
  ['GET', '*', 'page'],
];

function routers() {
  const remembering = new RememberingRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, handler] of ROUTES) {
    remembering.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { remembering, trie };
}

const handlers = (result: ReturnType<RememberingRouter<string>['match']>) =>
  result[0].map(([handler, params]) => [handler, params as Params]);

describe('the remembering router', () => {
  it('matches as the trie router does, asked once or again', () => {
    const { remembering, trie } = routers();
    const asks: Array<[string, string]> = [
      ['GET', '/api/user'],
      ['GET', '/api/conversations/search'],
      ['GET', '/api/conversations/42'],
      ['GET', '/api/conversations/43'],
      ['POST', '/api/conversations/42/messages'],
      ['POST', '/trpc/chat.send'],
      ['GET', '/chat'],
      ['DELETE', '/api/user'],
    ];
    for (const round of [1, 2]) {
      for (const [method, path] of asks) {
        expect(handlers(remembering.match(method, path)), `${method} ${path}, round ${round}`).toEqual(handlers(trie.match(method, path)));
      }
    }
    expect(handlers(remembering.match('GET', '/api/conversations/43'))).toContainEqual(['open', { id: '43' }]);
  });

  it('keeps the match of a path without parameters, and of no path once full or past the length', () => {
    const { remembering } = routers();
    expect(remembering.match('GET', '/api/user')).toBe(remembering.match('GET', '/api/user'));
    expect(remembering.match('GET', '/api/conversations/7')).not.toBe(remembering.match('GET', '/api/conversations/7'));
    const long = `/${'a'.repeat(REMEMBERED_PATH_LENGTH)}`;
    expect(remembering.match('GET', long)).not.toBe(remembering.match('GET', long));

    for (let i = 0; i < REMEMBERED_PATHS; i++) remembering.match('GET', `/page-${i}`);
    expect(remembering.match('GET', '/one-more')).not.toBe(remembering.match('GET', '/one-more'));
    expect(remembering.match('GET', '/page-0')).toBe(remembering.match('GET', '/page-0'));
  });

  it('forgets what it kept when a route is added', () => {
    const { remembering } = routers();
    const before = remembering.match('GET', '/api/plans');
    remembering.add('GET', '/api/plans', 'plans');
    expect(handlers(remembering.match('GET', '/api/plans')).map(([handler]) => handler)).toEqual(['pipeline', 'page', 'plans']);
    expect(handlers(before).map(([handler]) => handler)).toEqual(['pipeline', 'page']);
  });
});
