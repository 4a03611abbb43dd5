import type { Params, Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Distinct paths whose match is kept, and the longest kept; past them, paths are matched each time (bounded memory). */
export const REMEMBERED_PATHS = 1_000;
export const REMEMBERED_PATH_LENGTH = 200;

/**
 * Hono's trie router (its RegExp router refuses a static route beside a parameter one, as
 * `/api/conversations/search` beside `/api/conversations/:id`), keeping the match of each path that
 * captured no parameter: GET /api/user, which every signed-in page asks, is matched once, not walked
 * segment by segment on every request. A path with a parameter is matched each time, so a row id
 * never fills the memory.
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    this.#matches.clear();
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#matches.get(key);
    if (known) return known;
    const result = this.#trie.match(method, path);
    if (
      this.#matches.size < REMEMBERED_PATHS &&
      path.length <= REMEMBERED_PATH_LENGTH &&
      result[0].every(([, params]) => isEmpty(params as Params))
    )
      this.#matches.set(key, result);
    return result;
  }
}

function isEmpty(params: Params): boolean {
  for (const _ in params) return false;
  return true;
}
