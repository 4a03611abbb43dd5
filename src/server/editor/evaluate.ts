import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readStylebookFile } from '../cli/stylebook-file';
import { analyze } from './analyze';
import { formatScore, parseCorpus, score } from './evaluation/score';
import { stopHarper, warmHarper } from './harper/client';
import type { Finding } from './types';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEFAULT_CORPUS = path.join(repoRoot, '../shared/editor-corpus/dev.jsonl');

/** `npm run eval:editor [-- path/to/corpus.jsonl] [--verbose] [--stylebook FILE.csv]`: with a stylebook, as the newsroom's copy is checked. */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { verbose: { type: 'boolean', default: false }, stylebook: { type: 'string' } },
    allowPositionals: true,
  });
  const verbose = values.verbose ?? false;
  const stylebook = readStylebookFile(values.stylebook);
  if (stylebook === null) return 2;
  const file = positionals[0];
  const corpusPath = file ? path.resolve(process.cwd(), file) : DEFAULT_CORPUS;
  const examples = parseCorpus(await readFile(corpusPath, 'utf8'));
  await warmHarper();
  const findings = new Map<string, Finding[]>();
  for (const e of examples) {
    const sources = e.sources?.map((text, i) => ({ name: `source ${i + 1}`, text }));
    findings.set(e.id, (await analyze(e.text, { waitForGrammar: true, sources, stylebook })).findings);
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
