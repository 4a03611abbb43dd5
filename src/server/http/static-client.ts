import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** Serves the built client; any other GET that is not an API path gets index.html (SPA routing). */
export function mountClient(app: Hono, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', serveStatic({ root: clientDir }));
  // A missing script or stylesheet must not come back as the HTML page, with a 200.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', (c) => {
    if (/\.[a-z0-9]{1,8}$/i.test(c.req.path)) return c.text('Not found', 404);
    if (!fs.existsSync(indexFile)) return c.text('The client is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
