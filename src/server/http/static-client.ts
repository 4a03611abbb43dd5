import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { PageAnswers } from '../../shared/page-shell';
import { pageShell } from './page-shell';

/** What the server knows for the page it sends: who is signed in (undefined: unknown), and its first answers. */
export interface PageData {
  session: unknown;
  answers?: PageAnswers;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sets Cache-Control on a file that was found, unless the handler that answered set its own.
 * serveStatic's own onFound hook runs after its response is made, too late for a header.
 */
function cacheFound(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.header('Cache-Control', value);
  };
}

/**
 * Serves the built client; any other GET that is not an API path gets index.html (SPA routing), with
 * the page's scripts announced and what `pageData` knows written in.
 */
export function mountClient(
  app: Hono,
  clientDir: string,
  pageData: (c: Context) => Promise<PageData> = async () => ({ session: undefined }),
) {
  const shell = pageShell(clientDir);
  const page = async (c: Context) => {
    if (!shell.exists()) return c.text('The client is not built. Run `npm run build`.', 503);
    const { session, answers } = await pageData(c);
    const html = shell.render(c.req.path, session, answers);
    // The page says who is signed in: checked again on each use, and kept by no shared cache.
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie');
    return c.html(html);
  };
  // The build's manifest tells the server which scripts a page needs; the browser has no use for it.
  app.get('/.vite/*', (c) => c.text('Not found', 404));
  // Before the static files, which would answer / with index.html as it is.
  app.get('/', page);
  // A hashed name changes with the content, so a browser may keep the file for good; the build
  // writes a gzip and a brotli copy beside each one.
  app.use('/assets/*', cacheFound(IMMUTABLE), serveStatic({ root: clientDir, precompressed: true }));
  // index.html and the unhashed public files are checked again on each use, so a release shows at once.
  app.use('*', cacheFound('no-cache'), serveStatic({ root: clientDir }));
  // A missing script or stylesheet must not come back as the HTML page, with a 200.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', (c) => (/\.[a-z0-9]{1,8}$/i.test(c.req.path) ? c.text('Not found', 404) : page(c)));
}
