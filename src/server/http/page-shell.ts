import fs from 'node:fs';
import path from 'node:path';
import superjson from 'superjson';
import { PAGE_ANSWERS_ID, PAGE_MODULES, PAGE_SESSION_ID, type PageAnswers } from '../../shared/page-shell';

export interface ManifestChunk {
  file: string;
  imports?: string[];
}
/** Vite's build manifest: each chunk by the source module (or shared chunk) it was built for. */
export type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';

/** JSON that cannot end the script element it is written into. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

/** The script files of `modules` beyond the entry: their chunks and every chunk those import. */
export function scriptFiles(manifest: Manifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (key === ENTRY || seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...seen].map((key) => `/${manifest[key]!.file}`);
}

const jsonBlock = (id: string, json: string) => `<script type="application/json" id="${id}">${scriptSafe(json)}</script>`;

/**
 * index.html as a page is sent: the page's scripts announced with `modulepreload`, so they download
 * beside the entry instead of after it has run, and who is signed in, so the page's guards need not
 * ask the server before its first render. `session` undefined: unknown, and the page asks itself.
 * `answers`: the page's first queries, answered for the signed-in user, so its first render draws them.
 */
export function renderPage(template: string, manifest: Manifest, pagePath: string, session: unknown, answers?: PageAnswers): string {
  const page = PAGE_MODULES[pagePath];
  const announced = page && !(page.signedIn && !session) ? scriptFiles(manifest, page.modules) : [];
  const preloads = announced.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  const sessionBlock = session === undefined ? '' : jsonBlock(PAGE_SESSION_ID, JSON.stringify(session));
  const answersBlock = session && answers ? jsonBlock(PAGE_ANSWERS_ID, superjson.stringify(answers)) : '';
  return template.replace('</head>', `${preloads}${sessionBlock}${answersBlock}</head>`);
}

/** The built index.html and manifest, read again when a new build replaces the page. */
export function pageShell(clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  let built: { mtimeMs: number; template: string; manifest: Manifest } | undefined;

  const load = () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (built?.mtimeMs !== mtimeMs) {
      const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
      built = { mtimeMs, template: fs.readFileSync(indexFile, 'utf8'), manifest };
    }
    return built;
  };

  return {
    exists: () => fs.existsSync(indexFile),
    render(pagePath: string, session: unknown, answers?: PageAnswers): string {
      const { template, manifest } = load();
      return renderPage(template, manifest, pagePath, session, answers);
    },
  };
}
