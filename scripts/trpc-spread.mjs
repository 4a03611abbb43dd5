// The server bundle compiles @trpc/server in with its object spreads native
// again (docs/decisions/010-trpc-spread-helper.md, 060-trpc-spreads-native.md).
// tRPC's published build spreads through a transpiled helper that re-defines
// every key with Object.defineProperty, which also turns the objects into slow
// dictionaries; a procedure call spreads its options and context several
// times, a fifth of the JavaScript time of GET /api/user.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';

const HELPER_START = 'function _objectSpread2(e) {';

/**
 * The same result as the original for every argument. Odd arguments copy
 * their own enumerable keys (strings, then symbols) by value; even ones (the
 * object literals the transpiler puts after a spread) copy every own
 * property's descriptor. A plain property (writable, enumerable,
 * configurable, holding a value) landing on a key the target lacks or holds
 * as a plain property is assigned, which ends in the same property;
 * everything else is defined, as the original does.
 */
export const FAST_SPREAD_HELPER = `function _objectSpread2(e) {
	for (var r = 1; r < arguments.length; r++) {
		var s = Object(null != arguments[r] ? arguments[r] : {}), k, i;
		if (r % 2 === 0) {
			var keys = Reflect.ownKeys(s);
			for (i = 0; i < keys.length; i++) {
				var d = Object.getOwnPropertyDescriptor(s, keys[i]);
				if (d.writable && d.enumerable && d.configurable) _spreadKey(e, keys[i], d.value);
				else Object.defineProperty(e, keys[i], d);
			}
			continue;
		}
		for (k in s) if (Object.prototype.hasOwnProperty.call(s, k)) _spreadKey(e, k, s[k]);
		var symbols = Object.getOwnPropertySymbols(s);
		for (i = 0; i < symbols.length; i++) if (Object.prototype.propertyIsEnumerable.call(s, symbols[i])) _spreadKey(e, symbols[i], s[symbols[i]]);
	}
	return e;
}
function _spreadKey(e, k, v) {
	if (k in e) {
		var d = Object.getOwnPropertyDescriptor(e, k);
		if (!d || !d.writable || !d.enumerable || !d.configurable) return Object.defineProperty(e, k, { value: v, enumerable: !0, configurable: !0, writable: !0 });
	}
	e[k] = v;
}`;

/** The helper's whole declaration in `source`, found by matching braces, or undefined. */
export function findSpreadHelper(source) {
  const start = source.indexOf(HELPER_START);
  if (start < 0) return undefined;
  let depth = 0;
  for (let i = start + HELPER_START.length - 1; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return { start, end: i + 1, text: source.slice(start, i + 1) };
  }
  return undefined;
}

const lineBreaks = (text) => text.split('\n').length - 1;

/**
 * The helper's declaration becomes as many empty lines, and the fast one goes after the module's
 * code (a function declaration is hoisted): every line keeps its number, so tRPC's source map
 * still names the right lines in a stack trace.
 */
export function replaceSpreadHelper(source) {
  const found = findSpreadHelper(source);
  if (!found) return { code: source, replaced: false };
  const code = source.slice(0, found.start) + '\n'.repeat(lineBreaks(found.text)) + source.slice(found.end);
  const mapComment = code.lastIndexOf('\n//# sourceMappingURL=');
  const at = mapComment < 0 ? code.length : mapComment;
  return { code: `${code.slice(0, at)}\n${FAST_SPREAD_HELPER}${code.slice(at)}`, replaced: true };
}

const HELPER = '_objectSpread2';

const isNode = (v) => v !== null && typeof v === 'object' && typeof v.type === 'string' && typeof v.start === 'number';

function children(node) {
  const out = [];
  for (const key of Object.keys(node)) {
    const v = node[key];
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v)) for (const item of v) if (isNode(item)) out.push(item);
  }
  return out.sort((a, b) => a.start - b.start);
}

const isHelperCall = (node) =>
  node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === HELPER && !node.optional;

const namesProto = (key) =>
  (key.type === 'Identifier' && key.name === '__proto__') || (key.type === 'Literal' && key.value === '__proto__');

/** A literal whose every member defines a plain property: `k: v`, `k`, `k() {}`, `[k]: v`; no `__proto__:` (it would set the prototype), no accessors. */
const isPlainLiteral = (node) =>
  node.type === 'ObjectExpression' &&
  node.properties.every((p) => p.type === 'Property' && p.kind === 'init' && (p.computed || !namesProto(p.key)));

const isEmptyLiteral = (node) => node.type === 'ObjectExpression' && node.properties.length === 0;

/** The transpiler's call: a target (`{}`, a plain literal or such a call), then spread sources and plain literals in turn. */
function isTranspiledSpread(call) {
  const [target, ...sources] = call.arguments;
  if (!target || call.arguments.some((a) => a.type === 'SpreadElement')) return false;
  if (!(isHelperCall(target) ? isTranspiledSpread(target) : isPlainLiteral(target))) return false;
  return sources.every((arg, i) => i % 2 === 0 || isPlainLiteral(arg));
}

/**
 * Writes each of the transpiler's `_objectSpread2(_objectSpread2({}, a), {}, { k: v })` calls back
 * as the object literal tRPC's source has, `({ ...a, k: v })`, so V8 builds it natively. A spread
 * and the helper define the same properties, in the same order, for every source: own enumerable
 * keys, an own `__proto__` included; a literal's members stay as written. What differs is when
 * a source's getters run (the helper evaluates every argument first), which no tRPC call relies on.
 * Calls of any other shape are left to the helper.
 */
export function rewriteSpreadCalls(source) {
  const ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  let rewritten = 0;

  function members(call) {
    const [target, ...sources] = call.arguments;
    const out = isHelperCall(target) ? members(target) : target.properties.map(render);
    sources.forEach((arg, i) => {
      // The transpiler passes `{}` between a spread and the literal after it: it copies nothing.
      if (i % 2 === 1) out.push(...arg.properties.map(render));
      else if (!isEmptyLiteral(arg)) out.push(`...(${render(arg)})`);
    });
    return out;
  }

  function render(node) {
    if (isHelperCall(node) && isTranspiledSpread(node)) {
      rewritten++;
      const literal = `({ ${members(node).join(', ')}`;
      // The call's lines stay lines, so what follows it keeps its place in tRPC's source map.
      return `${literal}${'\n'.repeat(lineBreaks(source.slice(node.start, node.end)) - lineBreaks(literal))} })`;
    }
    let out = '';
    let at = node.start;
    for (const child of children(node)) {
      // acorn shares one node between both names of `export { x }`
      if (child.start < at) continue;
      out += source.slice(at, child.start) + render(child);
      at = child.end;
    }
    return out + source.slice(at, node.end);
  }

  const code = render(ast);
  return { code: source.slice(0, ast.start) + code + source.slice(ast.end), rewritten };
}

/**
 * One tRPC file as the bundle has it: the helper replaced, its calls rewritten. A file acorn cannot
 * parse (a later tRPC's syntax) keeps its calls, on the fast helper: the server is only slower.
 */
export function nativeSpreads(source) {
  const helper = replaceSpreadHelper(source);
  try {
    return { ...rewriteSpreadCalls(helper.code), replaced: helper.replaced };
  } catch (error) {
    return { code: helper.code, rewritten: 0, replaced: helper.replaced, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

const TRPC_SERVER = /^@trpc\/server(\/.*)?$/;
export const TRPC_DIST_FILE = /[\\/]@trpc[\\/]server[\\/]dist[\\/].*\.mjs$/;

/** esbuild plugin: bundles @trpc/server (other packages stay external) with native spreads, and the helper replaced for any call left. */
export function trpcSpreadPlugin() {
  return {
    name: 'trpc-spread',
    setup(build) {
      let replaced = 0;
      build.onResolve({ filter: TRPC_SERVER }, (args) => ({ path: fileURLToPath(import.meta.resolve(args.path)) }));
      build.onLoad({ filter: TRPC_DIST_FILE }, (args) => {
        const result = nativeSpreads(fs.readFileSync(args.path, 'utf8'));
        if (result.replaced) replaced++;
        if (result.error) console.warn(`build: ${args.path} keeps its spread calls: ${result.error.message}`);
        return { contents: result.code, loader: 'js' };
      });
      build.onEnd(() => {
        // The server is correct either way, only slower.
        if (replaced === 0) console.warn('build: @trpc/server has no spread helper to replace; bundled as published');
      });
    },
  };
}
