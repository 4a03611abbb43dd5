/**
 * How the client's lazily loaded code is cut into files (docs/decisions/020-pages-arrive-with-their-code-and-session.md).
 *
 * Left to itself, the bundler gives every set of pages that shares a module a chunk of its own: /chat
 * loaded 28 files, most of them one icon or one piece of Radix, and a phone fetches them six at a
 * time. Here the code the landing page shares with other pages is one chunk (`common`), and what the
 * chat page shares with others goes into a few, by who else needs it: `forms` (a public page too),
 * `overlays` (the toaster, the shortcuts dialog or another signed-in page) and `editor` (only the
 * chat and what it opens). Code a single page uses stays in that page's own chunk.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

interface ModuleInfo {
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}

const CLIENT = String.raw`[\\/]src[\\/]client[\\/]`;
const LANDING = new RegExp(`${CLIENT}routes[\\\\/]landing-page\\.tsx$`);
const CHAT = new RegExp(`${CLIENT}routes[\\\\/](chat-page|subscribed-layout)\\.tsx$`);
const PUBLIC = new RegExp(`${CLIENT}routes[\\\\/](auth|contact|forgot-password|reset-password|accept-invitation)-page\\.tsx$`);
/** Opened on any page, signed in or not. */
const ANY_PAGE = new RegExp(`${CLIENT}components[\\\\/](toaster|keyboard-shortcuts-dialog)\\.tsx$`);
const PAGE = new RegExp(`${CLIENT}(routes[\\\\/][a-z-]+-page|components[\\\\/]admin[\\\\/]admin-console)\\.tsx$`);

type Area = 'common' | 'forms' | 'overlays' | 'editor';

/** The lazily loaded modules (targets of an `import()`) that reach `id` through static imports. */
function lazyRoots(ctx: ChunkingContext, id: string, cache: Map<string, string[]>): string[] {
  const known = cache.get(id);
  if (known) return known;
  const roots: string[] = [];
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (info.dynamicImporters.length) roots.push(current);
    stack.push(...info.importers);
  }
  cache.set(id, roots);
  return roots;
}

function areaOf(ctx: ChunkingContext, id: string, cache: Map<string, string[]>): Area | null {
  const roots = lazyRoots(ctx, id, cache);
  if (roots.length < 2) return null;
  if (roots.some((r) => LANDING.test(r))) return 'common';
  if (!roots.some((r) => CHAT.test(r))) return null;
  if (roots.some((r) => PUBLIC.test(r))) return 'forms';
  if (roots.some((r) => ANY_PAGE.test(r) || (PAGE.test(r) && !CHAT.test(r)))) return 'overlays';
  return 'editor';
}

/**
 * Rolldown's `codeSplitting.groups`: everything the entry imports in one chunk, then the areas above.
 * The most widely shared area claims its modules first: a chunk takes in the modules its own import,
 * and a module a public page needs must not reach it through a signed-in chunk.
 */
export function pageChunkGroups() {
  const cache = new Map<string, string[]>();
  const group = (area: Area, priority: number) => ({
    debugName: area,
    name: (id: string, ctx: ChunkingContext) => (areaOf(ctx, id, cache) === area ? area : null),
    priority,
  });
  return [
    // Left to itself the bundler cuts the entry into a score of small chunks whose import glue costs about 8 KB gzipped.
    { name: 'app', tags: ['$initial' as const], priority: 5 },
    group('common', 4),
    group('forms', 3),
    group('overlays', 2),
    group('editor', 1),
  ];
}

/**
 * Rewrites `import { Check } from 'lucide-react'` into an import of the icon's own module. Through the
 * package's index every icon looks imported by every page that shows any icon, and the areas above
 * would put icons into chunks of pages that never show them.
 */
export function lucideIconImports(root: string): Plugin {
  let icons: Map<string, string> | undefined;
  const iconModules = () => {
    if (icons) return icons;
    icons = new Map();
    const index = fs.readFileSync(path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
    for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g)) {
      for (const name of names!.split(',')) icons.set(name.trim().replace(/^default as /, ''), `lucide-react/dist/esm/icons/${file}`);
    }
    return icons;
  };
  return {
    name: 'copydesk-lucide-icon-imports',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/]client[\\/].*\.tsx?$/.test(id) || !code.includes("from 'lucide-react'")) return null;
      let changed = false;
      const out = code.replace(/import \{([^}]+)\} from 'lucide-react';/g, (statement, names: string) => {
        const imports: string[] = [];
        for (const spec of names
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = spec.split(/\s+as\s+/) as [string, string?];
          const file = iconModules().get(imported);
          // A type or a helper (LucideProps, createLucideIcon): the statement stays as it is.
          if (!file) return statement;
          imports.push(`import ${local} from '${file}';`);
        }
        changed = true;
        // On one line, so every line after it keeps its number.
        return imports.join(' ');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
