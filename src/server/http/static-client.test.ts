import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { mountClient } from './static-client';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = 'console.log("app");'.repeat(50);
const PAGE = '<!doctype html><title>Copydesk</title><script type="module" src="/assets/index-Bx4fQ2aZ.js"></script>';

let dir: string | undefined;

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The built client's shape: index.html, hashed files under assets/, and public files at the top. */
function clientApp() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(dir, 'assets/index-Bx4fQ2aZ.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets/index-Bx4fQ2aZ.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets/index-Bx4fQ2aZ.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets/index-C1zxB0ET.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = new Hono();
  mountClient(app, dir);
  return app;
}

describe('the built client', () => {
  it('serves hashed assets to be cached for a year', async () => {
    const app = clientApp();
    const script = await app.request('/assets/index-Bx4fQ2aZ.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await script.text()).toBe(SCRIPT);
    const style = await app.request('/assets/index-C1zxB0ET.css');
    expect(style.headers.get('content-type')).toMatch(/text\/css/);
    expect(style.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('sends the compressed copy the browser accepts, with the same caching', async () => {
    const app = clientApp();
    const br = await app.request('/assets/index-Bx4fQ2aZ.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gzip = await app.request('/assets/index-Bx4fQ2aZ.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    // The stylesheet has no compressed copy: it goes as it is.
    const style = await app.request('/assets/index-C1zxB0ET.css', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(style.headers.get('content-encoding')).toBeNull();
    expect(await style.text()).toBe('body{margin:0}');
  });

  it('serves the page with no-cache at every client path, so a new release is picked up at once', async () => {
    const app = clientApp();
    expect((await app.request('/index.html')).headers.get('cache-control')).toBe('no-cache');
    for (const p of ['/', '/auth', '/chat', '/reset-password?token=abc']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      // The page may say who is signed in: no shared cache keeps it.
      expect(res.headers.get('cache-control'), p).toBe('private, no-cache');
      expect(res.headers.get('vary'), p).toMatch(/Cookie/);
      expect(await res.text(), p).toContain('<title>Copydesk</title><script type="module" src="/assets/index-Bx4fQ2aZ.js">');
    }
    // Public files keep their names from release to release, so they are checked again too.
    const icon = await app.request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing asset with a 404 that is not the page and is not cached for a year', async () => {
    const app = clientApp();
    for (const p of ['/assets/index-Old00000.js', '/assets/index-Old00000.css', '/assets/', '/missing.svg']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control'), p).not.toBe(IMMUTABLE);
      expect(await res.text(), p).not.toContain('<!doctype html>');
    }
  });
});
