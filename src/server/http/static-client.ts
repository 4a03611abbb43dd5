import fs from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sets Cache-Control on a file that was found. serveStatic's own onFound hook runs after its response is made, too late for a header. */
function cacheFound(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', value);
  };
}

/** Serves the built client; any other GET that is not an API path gets index.html (SPA routing). */
export function mountClient(app: Hono, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  // A hashed name changes with the content, so a browser may keep the file for good; the build
  // writes a gzip and a brotli copy beside each one.
  app.use('/assets/*', cacheFound(IMMUTABLE), serveStatic({ root: clientDir, precompressed: true }));
  // index.html and the unhashed public files are checked again on each use, so a release shows at once.
  app.use('*', cacheFound('no-cache'), serveStatic({ root: clientDir }));
  // A missing script or stylesheet must not come back as the HTML page, with a 200.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', (c) => {
    if (/\.[a-z0-9]{1,8}$/i.test(c.req.path)) return c.text('Not found', 404);
    if (!fs.existsSync(indexFile)) return c.text('The client is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
