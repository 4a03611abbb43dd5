import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { analyze, stopEditor, warmEditor } from '../src/server/editor/index';
import { lintWithHarper } from '../src/server/editor/harper/client';
import { runWhenMain } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.join(here, '../../shared/editor-corpus/dev.jsonl');

/** A story of about `words` words built from the corpus texts, in paragraphs, cut at a sentence end. */
export function storyOf(words: number): string {
  let texts: string[];
  try {
    texts = readFileSync(CORPUS, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { text: string }).text);
  } catch {
    texts = [readFileSync(path.join(here, '../src/server/editor/fixtures/clean-stories.txt'), 'utf8')];
  }
  const paragraphs: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const t = texts[i % texts.length]!;
    paragraphs.push(t);
    count += t.split(/\s+/).length;
  }
  const all = paragraphs.join('\n\n').split(/(?<=[.!?]["”]?)\s+/);
  let out = '';
  let n = 0;
  for (const s of all) {
    if (n >= words) break;
    out += (out ? ' ' : '') + s;
    n += s.split(/\s+/).length;
  }
  return out;
}

function gcFunction(): (() => void) | null {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) return g;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function time<T>(f: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

/** `npm run bench -- editor [--runs N] [--heap-runs N]` */
export async function run(args: string[] = []): Promise<void> {
  const arg = (name: string, dflt: number) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : dflt;
  };
  const runs = arg('runs', 30);
  const heapRuns = arg('heap-runs', 1000);
  const t0 = performance.now();
  await warmEditor();
  console.log(`harper.js warm-up (worker thread): ${(performance.now() - t0).toFixed(0)} ms`);
  for (const size of [1000, 5000]) {
    const text = storyOf(size);
    const words = text.split(/\s+/).length;
    for (let i = 0; i < 3; i++) await analyze(text, { waitForGrammar: true });
    const analyzeMs: number[] = [];
    const harperMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      harperMs.push(await time(() => lintWithHarper(text)));
      analyzeMs.push(await time(() => analyze(text, { waitForGrammar: true })));
    }
    const a = median(analyzeMs);
    const h = median(harperMs);
    console.log(
      `${words} words: analyze median ${a.toFixed(1)} ms, harper.js alone ${h.toFixed(1)} ms, ratio ${(a / h).toFixed(2)} (${runs} warm runs each)`,
    );
  }
  const gc = gcFunction();
  const text = storyOf(1000);
  const heap = () => {
    gc?.();
    return process.memoryUsage().heapUsed / 1024 / 1024;
  };
  const before = heap();
  let mid = 0;
  for (let i = 0; i < heapRuns; i++) {
    await analyze(text, { waitForGrammar: true });
    if (i === Math.floor(heapRuns / 2)) mid = heap();
  }
  const after = heap();
  console.log(
    `heap after ${heapRuns} analyses of 1,000 words: ${after.toFixed(1)} MB (before ${before.toFixed(1)} MB, halfway ${mid.toFixed(1)} MB, growth ${(after - before).toFixed(1)} MB)` +
      (gc ? ', measured after gc' : '; gc not available (run node with --expose-gc): numbers include garbage'),
  );
  await stopEditor();
}

runWhenMain(import.meta.url, run);
