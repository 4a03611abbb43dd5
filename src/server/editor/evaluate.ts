import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze } from './analyze';
import { formatScore, parseCorpus, score } from './evaluation/score';
import { stopHarper, warmHarper } from './harper/client';
import type { Finding } from './types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEFAULT_CORPUS = path.join(repoRoot, '../shared/editor-corpus/dev.jsonl');

/** `npm run eval:editor [-- path/to/corpus.jsonl] [--verbose]` */
async function main(argv: string[]): Promise<number> {
  const verbose = argv.includes('--verbose');
  const file = argv.find((a) => !a.startsWith('--'));
  const corpusPath = file ? path.resolve(process.cwd(), file) : DEFAULT_CORPUS;
  const examples = parseCorpus(await readFile(corpusPath, 'utf8'));
  await warmHarper();
  const findings = new Map<string, Finding[]>();
  for (const e of examples) {
    const sources = e.sources?.map((text, i) => ({ name: `source ${i + 1}`, text }));
    findings.set(e.id, (await analyze(e.text, { waitForGrammar: true, sources })).findings);
  }
  const result = score(examples, (e) => findings.get(e.id) ?? []);
  console.log(formatScore(result, path.relative(process.cwd(), corpusPath) || corpusPath, examples.length, verbose));
  await stopHarper();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  },
);
