// The server bundle compiles @trpc/server in with its object-spread helper
// replaced (docs/decisions/010-trpc-spread-helper.md). tRPC's published build
// spreads through a transpiled helper that re-defines every key with
// Object.defineProperty, which also turns the objects into slow dictionaries;
// a procedure call spreads its options and context several times, a fifth of
// the JavaScript time of GET /api/user.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

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

export function replaceSpreadHelper(source) {
  const found = findSpreadHelper(source);
  if (!found) return { code: source, replaced: false };
  return { code: source.slice(0, found.start) + FAST_SPREAD_HELPER + source.slice(found.end), replaced: true };
}

const TRPC_SERVER = /^@trpc\/server(\/.*)?$/;
export const TRPC_DIST_FILE = /[\\/]@trpc[\\/]server[\\/]dist[\\/].*\.mjs$/;

/** esbuild plugin: bundles @trpc/server (other packages stay external) with the helper replaced. */
export function trpcSpreadPlugin() {
  return {
    name: 'trpc-spread',
    setup(build) {
      let replaced = 0;
      build.onResolve({ filter: TRPC_SERVER }, (args) => ({ path: fileURLToPath(import.meta.resolve(args.path)) }));
      build.onLoad({ filter: TRPC_DIST_FILE }, (args) => {
        const result = replaceSpreadHelper(fs.readFileSync(args.path, 'utf8'));
        if (result.replaced) replaced++;
        return { contents: result.code, loader: 'js' };
      });
      build.onEnd(() => {
        // The server is correct either way, only slower.
        if (replaced === 0) console.warn('build: @trpc/server has no spread helper to replace; bundled as published');
      });
    },
  };
}
