import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lucideIconImports, pageChunkGroups } from './scripts/page-chunks.js';
import { THEME_BOOT_SCRIPT } from './src/shared/theme.js';

const DEV_PORT = Number(process.env.DEV_PORT ?? 5173);
const API_PORT = Number(process.env.DEV_API_PORT ?? 3001);
const API_TARGET = `http://127.0.0.1:${API_PORT}`;
// The API's public URL is the dev server, so links in e-mails open the hot-reloading client.
const APP_URL = process.env.APP_URL ?? `http://localhost:${DEV_PORT}`;
const APP_ORIGIN = new URL(APP_URL).origin;

/**
 * The API checks that a state-changing request comes from APP_URL. A page
 * opened as 127.0.0.1 instead of localhost is still this dev server, so its
 * Origin is rewritten; any other origin passes untouched and is refused.
 */
function isThisDevServer(origin: string): boolean {
  try {
    const url = new URL(origin);
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && Number(url.port) === DEV_PORT;
  } catch {
    return false;
  }
}

const apiProxy: ProxyOptions = {
  target: API_TARGET,
  configure(proxy) {
    proxy.on('proxyReq', (proxyReq, req: IncomingMessage) => {
      const origin = req.headers.origin;
      if (origin && isThisDevServer(origin)) proxyReq.setHeader('origin', APP_ORIGIN);
    });
  },
};

/** `npm run dev`: starts the API (restarting on server changes) next to Vite's dev server. */
function apiServer(): Plugin {
  let child: ChildProcess | undefined;
  const stop = () => {
    child?.kill('SIGTERM');
    child = undefined;
  };
  return {
    name: 'copydesk-api-server',
    apply: 'serve',
    configureServer(server) {
      if (process.env.VITEST || process.env.DEV_API_EXTERNAL) return;
      const tsx = path.join(import.meta.dirname, 'node_modules/.bin/tsx');
      child = spawn(tsx, ['watch', '--clear-screen=false', 'src/server/main.ts', '--no-client-build'], {
        cwd: import.meta.dirname,
        stdio: 'inherit',
        env: { ...process.env, PORT: String(API_PORT), APP_URL },
      });
      child.on('exit', (code) => {
        if (code) server.config.logger.error(`API server exited with code ${code}`);
      });
      server.httpServer?.once('close', stop);
      process.once('exit', stop);
    },
  };
}

/** The theme script goes inline at the top of <head>, so the first paint is already light or dark (the CSP allows it by hash). */
function themeBoot(): Plugin {
  return {
    name: 'copydesk-theme-boot',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/**
 * Marks the entry chunk for eager compilation (V8's explicit compile hints, Chrome 136 and later): it
 * is compiled on a background thread while it streams in, where each function it runs at start-up
 * was otherwise compiled on the main thread on its first call. Browsers without the hint read a comment.
 */
function compileEntryEagerly(): Plugin {
  return {
    name: 'copydesk-compile-entry-eagerly',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite has put its preload map at the top: the hint must be the file's first line.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Writes a brotli and a gzip copy beside each built script and stylesheet; the server sends the one the browser accepts. */
function precompress(): Plugin {
  return {
    name: 'copydesk-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((f) => /\.(?:js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(options.dir!, file);
          const data = await fs.readFile(full);
          const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
          await fs.writeFile(`${full}.gz`, await gzip(data, { level: 9 }));
          await fs.writeFile(`${full}.br`, await brotli(data, { params }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [lucideIconImports(import.meta.dirname), react(), tailwindcss(), themeBoot(), apiServer(), compileEntryEagerly(), precompress()],
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'src') },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    // The server reads it to announce each page's scripts in the page it sends (src/server/http/page-shell.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // The entry in one file, and the code lazy pages share in a few (scripts/page-chunks.ts).
        codeSplitting: { groups: pageChunkGroups() },
      },
    },
  },
  server: {
    port: DEV_PORT,
    strictPort: true,
    proxy: {
      '/api': apiProxy,
      '/trpc': apiProxy,
    },
  },
});
