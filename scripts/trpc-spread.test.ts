import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FAST_SPREAD_HELPER,
  findSpreadHelper,
  nativeSpreads,
  replaceSpreadHelper,
  rewriteSpreadCalls,
  TRPC_DIST_FILE,
  trpcSpreadPlugin,
} from './trpc-spread.mjs';
import { buildServer } from './build-server.mjs';
import { freePort } from '../bench/support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'node_modules/@trpc/server/dist');

/** The installed @trpc/server files the bundle loads. */
const trpcFiles = fs
  .readdirSync(distDir)
  .map((f) => path.join(distDir, f))
  .filter((f) => TRPC_DIST_FILE.test(f));

/** Those that define the helper. */
const helperFiles = trpcFiles.filter((f) => findSpreadHelper(fs.readFileSync(f, 'utf8')));

type Spread = (target: object, ...sources: unknown[]) => object;

/** The published helper with the runtime helpers it calls, from the first of them to its own end. */
function publishedSpread(): Spread {
  const source = fs.readFileSync(helperFiles[0]!, 'utf8');
  const start = source.indexOf('//#region \\0@oxc-project+runtime');
  const helper = findSpreadHelper(source)!;
  expect(start).toBeGreaterThanOrEqual(0);
  expect(start).toBeLessThan(helper.start);
  return new Function(`${source.slice(start, helper.end)}\nreturn _objectSpread2;`)() as Spread;
}

const fastSpread = new Function(`${FAST_SPREAD_HELPER}\nreturn _objectSpread2;`)() as Spread;

/** Everything observable about an object: key order, every descriptor, the prototype. */
function shape(o: object) {
  return { keys: Reflect.ownKeys(o), descriptors: Object.getOwnPropertyDescriptors(o), proto: Object.getPrototypeOf(o) };
}

describe('the replacement spread helper', () => {
  it('replaces the one definition in the installed @trpc/server', () => {
    expect(helperFiles).toHaveLength(1);
    const { code, replaced } = replaceSpreadHelper(fs.readFileSync(helperFiles[0]!, 'utf8'));
    expect(replaced).toBe(true);
    expect(code).toContain('function _spreadKey(');
    expect(code.match(/function _objectSpread2\(/g)).toHaveLength(1);
    expect(replaceSpreadHelper('export const x = 1;')).toEqual({ code: 'export const x = 1;', replaced: false });
  });

  const next = () => {};
  const sym = Symbol('s');
  const hidden = Symbol('hidden');
  const withHiddenSymbol = () => Object.defineProperty({ a: 1, [sym]: 2 }, hidden, { value: 3, enumerable: false });
  const cases: Array<[string, () => unknown[]]> = [
    [
      'tRPC’s call shape: spread, empty, literal',
      () => [{}, { ctx: { u: 1 }, path: 'auth.me', input: undefined }, {}, { meta: undefined, input: 2, next }],
    ],
    [
      'an override of an existing key',
      () => [
        { a: 1, b: 2 },
        { b: 3, c: 4 },
      ],
    ],
    ['integer-like keys, in order', () => [{ z: 1 }, { 2: 'b', 1: 'a', y: 0 }]],
    ['symbols, enumerable or not', () => [{}, withHiddenSymbol(), {}, withHiddenSymbol()]],
    ['null and undefined sources', () => [{ a: 1 }, null, undefined, null]],
    ['a string source', () => [{}, 'ab', {}, 'cd']],
    ['inherited keys are not copied', () => [{}, Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true } })]],
    [
      'an own __proto__ key stays a key',
      () => [{}, JSON.parse('{"__proto__": {"polluted": true}, "x": 1}'), {}, JSON.parse('{"__proto__": 5}')],
    ],
    ['a key Object.prototype has', () => [{}, { toString: 'own', constructor: 1 }, {}, { valueOf: 2 }]],
    [
      'getters: read in odd places, copied in even ones',
      () => [
        {},
        {
          get g() {
            return 1;
          },
        },
        {},
        {
          get h() {
            return 2;
          },
          set h(_v) {},
        },
      ],
    ],
    [
      'a non-writable target key',
      () => [Object.defineProperty({}, 'k', { value: 1, writable: false, enumerable: true, configurable: true }), { k: 2 }],
    ],
    [
      'an accessor on the target overwritten by a value',
      () => [
        {
          get k() {
            return 1;
          },
        },
        {},
        { k: 2 },
      ],
    ],
    ['a non-enumerable key in an even place', () => [{}, {}, Object.defineProperty({}, 'n', { value: 1, enumerable: false })]],
  ];

  it.each(cases)('matches the published helper: %s', (_name, args) => {
    const published = publishedSpread();
    const [a, ...sourcesA] = args() as [object, ...unknown[]];
    const [b, ...sourcesB] = args() as [object, ...unknown[]];
    const expected = published(a, ...sourcesA);
    const actual = fastSpread(b, ...sourcesB);
    expect(actual).toBe(b);
    expect(shape(actual)).toEqual(shape(expected));
    expect(Object.getPrototypeOf({})).not.toHaveProperty('polluted');
  });
});

/** `expression` over `a` and `b`, as a function: through the published helper, or rewritten to native spreads. */
function both(expression: string) {
  const source = `const built = (a, b) => ${expression};`;
  const { code, rewritten } = rewriteSpreadCalls(source);
  const make = (text: string) =>
    new Function('_objectSpread2', `${text}\nreturn built;`)(publishedSpread()) as (a: unknown, b: unknown) => object;
  return { published: make(source), native: make(code), code, rewritten };
}

describe('the spread calls rewritten to native spreads', () => {
  const sources: Array<[string, () => unknown]> = [
    ['a plain object', () => ({ ctx: { u: 1 }, path: 'auth.me', input: undefined })],
    ['symbols, enumerable or not', () => Object.defineProperty({ a: 1, [Symbol.for('s')]: 2 }, Symbol.for('hidden'), { value: 3 })],
    ['an own __proto__ key', () => JSON.parse('{"__proto__": {"polluted": true}, "x": 1}')],
    ['keys Object.prototype has', () => ({ toString: 'own', constructor: 1, valueOf: 2 })],
    ['inherited keys', () => Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true } })],
    ['null', () => null],
    ['a string', () => 'ab'],
    [
      'a getter',
      () => ({
        get g() {
          return 1;
        },
      }),
    ],
  ];
  const shapes = [
    '_objectSpread2({}, a)',
    '_objectSpread2(_objectSpread2({}, a), {}, { meta: 1, input: a, ["__proto__"]: 3 })',
    '_objectSpread2(_objectSpread2({}, a), {}, { ctx: b ? _objectSpread2(_objectSpread2({}, a), b) : a, toString: 4 })',
    '_objectSpread2(_objectSpread2({}, a), b && { flag: true })',
    '_objectSpread2({ x: 1, y: a }, a, {}, { x: 2 })',
  ];

  it.each(sources)('builds what the published helper builds, from %s', (_name, source) => {
    for (const expression of shapes) {
      const { published, native, rewritten } = both(expression);
      expect(rewritten).toBeGreaterThan(0);
      for (const b of [source(), null, { extra: 1 }]) expect(shape(native(source(), b))).toEqual(shape(published(source(), b)));
    }
    expect(Object.getPrototypeOf({})).not.toHaveProperty('polluted');
  });

  it('returns an object from an arrow body, where bare braces would open a block; a method stays a method', () => {
    const { native, code } = both('_objectSpread2(_objectSpread2({}, a), {}, { next() { return b; } })');
    expect(code).toContain('=> ({');
    const built = native({ k: 1 }, 2) as { k: number; next: () => number };
    expect(Object.keys(built)).toEqual(['k', 'next']);
    expect(built.next()).toBe(2);
  });

  it('leaves calls whose literal would not define plain properties, or that are not the transpiler’s shape', () => {
    for (const expression of [
      '_objectSpread2(_objectSpread2({}, a), {}, { __proto__: b })',
      '_objectSpread2(_objectSpread2({}, a), {}, { get g() { return 1; } })',
      '_objectSpread2({}, a, b)',
      '_objectSpread2(a, b)',
      '_objectSpread2(...[a, b])',
    ]) {
      const { code, published, native } = both(expression);
      expect(code, expression).toMatch(/^const built = \(a, b\) => _objectSpread2\(/);
      // An accessor's functions differ between the two builds; what kind each key is must not.
      const kinds = (o: object) =>
        Object.entries(Object.getOwnPropertyDescriptors(o)).map(([k, d]) => [k, 'get' in d ? 'accessor' : d.value]);
      expect(kinds(native({ k: 1 }, { j: 2 }))).toEqual(kinds(published({ k: 1 }, { j: 2 })));
    }
  });

  it('rewrites every spread of the installed @trpc/server', () => {
    const files = trpcFiles.filter((f) => fs.readFileSync(f, 'utf8').includes('_objectSpread2('));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const { code, rewritten } = rewriteSpreadCalls(fs.readFileSync(file, 'utf8'));
      expect(rewritten, file).toBeGreaterThan(0);
      expect(code.match(/(?<!function )_objectSpread2\(/g), file).toBeNull();
    }
  });
});

describe('tRPC’s files as the bundle has them', () => {
  it('keep every line where it was, so tRPC’s source maps still name the right lines', () => {
    let rewritten = 0;
    for (const file of trpcFiles) {
      const source = fs.readFileSync(file, 'utf8');
      const result = nativeSpreads(source);
      expect(result.error, file).toBeUndefined();
      rewritten += result.rewritten;
      const before = source.split('\n');
      const after = result.code.split('\n');
      expect(after.length, file).toBe(before.length + (result.replaced ? lineBreaks(FAST_SPREAD_HELPER) + 1 : 0));
      // A statement at the module's top level is never inside a rewritten call.
      before.forEach((line, i) => {
        if (/^(export |async |function |const |let |var |class )/.test(line) && !line.startsWith('function _objectSpread2('))
          expect(after[i], `${file}:${i + 1}`).toBe(line);
      });
    }
    expect(rewritten).toBeGreaterThan(0);
  });

  it('keep their calls, on the fast helper, when acorn cannot parse them', () => {
    const source = 'function _objectSpread2(e) {\n\treturn e;\n}\nexport const x = (a) => _objectSpread2({}, a) +;\n';
    const { code, replaced, rewritten, error } = nativeSpreads(source);
    expect(error).toBeInstanceOf(SyntaxError);
    expect({ replaced, rewritten }).toEqual({ replaced: true, rewritten: 0 });
    expect(code).toContain(FAST_SPREAD_HELPER);
    expect(code).toContain('export const x = (a) => _objectSpread2({}, a) +;');
  });
});

const lineBreaks = (text: string) => text.split('\n').length - 1;

describe('a stack trace through the bundled tRPC', () => {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'dist/test-stack-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** tRPC's frames, as `file:line`, when a procedure behind a middleware throws, in a bundle built with `plugins`. */
  async function trpcFrames(name: string, plugins: esbuild.Plugin[]) {
    const entry = path.join(dir, 'entry.mjs');
    fs.writeFileSync(
      entry,
      `import { initTRPC } from '@trpc/server';
const t = initTRPC.create();
const r = t.router({ boom: t.procedure.use(({ next }) => next()).query(() => { throw new Error('boom'); }) });
try { await t.createCallerFactory(r)({}).boom(); } catch (e) { console.log(e.cause.stack); }
`,
    );
    const outfile = path.join(dir, `${name}.mjs`);
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      sourcemap: true,
      outfile,
      plugins,
      logLevel: 'error',
    });
    const stack = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--enable-source-maps', outfile], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('exit', () => resolve(out));
    });
    return [...stack.matchAll(/@trpc\/server\/src\/([^:)]+:\d+):\d+/g)].map((m) => m[1]!);
  }

  it('names the lines of tRPC’s source that the published build names', async () => {
    const published = await trpcFrames('published', []);
    const native = await trpcFrames('native', [trpcSpreadPlugin() as esbuild.Plugin]);
    expect(published.length).toBeGreaterThanOrEqual(2);
    // The middleware's call and the procedure's: both lie outside the rewritten literals.
    expect(native.slice(0, 2)).toEqual(published.slice(0, 2));
  });
});

describe('the server bundle', () => {
  // Two levels under the root, as dist/server is: the bundle finds db/migrations from there.
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  const outDir = fs.mkdtempSync(path.join(root, 'dist/test-bundle-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bundle-'));
  afterAll(() => {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('compiles tRPC in with native spreads and serves the API through it', async () => {
    const bundle = path.join(outDir, 'main.mjs');
    await buildServer(bundle);
    const code = fs.readFileSync(bundle, 'utf8');
    expect(code).not.toContain('_objectSpread2(');
    expect(code).toMatch(/async function callRecursive\([^)]*\) \{[^}]*\{\s*\.\.\.opts,\s*meta: _def\.meta/);
    expect(code).not.toMatch(/^import .* from "@trpc\/server/m);

    const port = await freePort();
    const child = spawn(process.execPath, [bundle, '--no-client-build'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = out.match(/listening on (http:\/\/\S+)/);
          if (m) resolve(m[1]!);
        });
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`the bundle exited (${code}): ${out}`)));
      });
      const headers = (cookie: string) => ({ origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json', cookie });
      const post = (p: string, body: unknown, cookie = '') =>
        fetch(url + p, { method: 'POST', headers: headers(cookie), body: JSON.stringify(body) });

      const registered = await post('/api/register', { username: 'bundle_user', email: 'bundle@news.example', password: 'bundle-pass-1!' });
      expect(registered.status).toBe(201);
      const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
      const me = await fetch(`${url}/api/user`, { headers: { cookie } });
      expect(await me.json()).toMatchObject({ username: 'bundle_user' });
      const viaTrpc = await fetch(`${url}/trpc/auth.me`, { headers: { cookie } });
      expect((await viaTrpc.json()).result.data.json).toMatchObject({ email: 'bundle@news.example' });
      expect((await fetch(`${url}/api/user`)).status).toBe(401);
      const invalid = await post('/api/login', { email: 'not-an-email', password: 'x' });
      expect(invalid.status).toBe(400);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
