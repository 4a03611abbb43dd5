/**
 * `npm run bench -- <name> [args]` runs `bench/<name>.ts`'s exported `run(args)`.
 * A benchmark is any file here that exports `run`; adding one needs no edit here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface Benchmark {
  run(args: string[]): Promise<number | void> | number | void;
}

const dir = path.dirname(fileURLToPath(import.meta.url));
const EXPORTS_RUN = /^export\s+(async\s+function|function|const|let)\s+run\b/m;

function available(): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
    .filter((f) => EXPORTS_RUN.test(fs.readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const names = available();
  const usage = `Usage: npm run bench -- <name> [options]\n\nBenchmarks: ${names.join(', ') || '(none)'}`;
  if (!name) {
    console.log(usage);
    return 0;
  }
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name) || !names.includes(name)) {
    console.error(`Unknown benchmark "${name}".\n\n${usage}`);
    return 2;
  }
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as Partial<Benchmark>;
  if (typeof mod.run !== 'function') {
    console.error(`bench/${name}.ts does not export run(args)`);
    return 2;
  }
  return (await mod.run(args)) ?? 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
