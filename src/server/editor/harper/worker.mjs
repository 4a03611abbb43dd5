// Runs harper.js (WebAssembly) off the main thread: loading its dictionary
// blocks for more than a second, and linting a long story for tens of ms.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { Dialect } from 'harper.js';
import { binary } from 'harper.js/binary';

// Linting 100,000 characters takes a while: on a busy machine the request thread runs first (Linux, nice 19,
// as pool/priority.ts explains).
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // not Linux
}

/** Harper rules that contradict AP style or that the engine checks itself. */
const DISABLED = [
  'OxfordComma', // AP: no serial comma in a simple series
  'LongSentences', // clarity/long-sentence counts words itself
  'NumericRangeEnDash', // AP uses a hyphen in scores and ranges (68-61)
  'Dashes',
  'OkToOkay', // AP: OK, not okay
  'UseTitleCase',
  'SpelledNumbers',
  'AvoidContractions',
  'Hedging', // vague/hedges
  'FillerWords',
  'BoringWords',
  'ExpandTimeShorthands',
  'ExpandPeople',
  'ExpandGovt',
  'DotInitialisms', // AP writes U.S. and a.m.
  'UseEllipsisCharacter',
  'QuoteSpacing',
  'Towards', // style/ap-words
  // wrong on correct news copy more often than right (see fixtures/clean-corpus):
  'Everyone', // "every one of these apartments" is two words on purpose
  'CompoundNouns', // AP and Webster's keep "heat wave" and "back room" open
  'MassNouns', // "not a finding of guilt", "an influenza A strain" are count uses
  'MissingTo', // "Forecasters expect highs between 112 and 115" needs no "to"
];

const PLAIN = 0; // harper's Language.Plain

let linter;

async function load() {
  await binary.setup();
  linter = await binary.createLinter(Dialect.American);
  const config = linter.get_lint_config_as_object();
  for (const key of DISABLED) if (key in config) config[key] = false;
  linter.set_lint_config_from_object(config);
  // the first lints build lazy tables (dictionary lookups, rule state); pay for them here, on copy like a
  // request's (names, figures, quotes, a dateline, a score), not on the first review
  for (const text of WARM_UP) lint(text);
}

const WARM_UP = [
  'The council voted Tuesday to approve the the budget, officials said.',
  `DAYTON, Ohio (AP) — A Montgomery County jury on Wednesday convicted a 34-year-old man of aggravated robbery in the Aug. 12 holdup of a convenience store on North Main Street, prosecutors said. Sentencing is set for Jan. 9.

"We're relieved, and we're grateful to the clerk who testified," said Assistant Prosecutor Dana Whitfield, who has worked in the office for 11 years. The defense said it would appeal; their lawyer did not return a call Thursday.

The City Council voted 5-2 to raise water rates by 8 percent starting July 1, the first increase since 2019. Mayor Ann Lee said the money will pay for a $14.2 million treatment plant. Residents who spoke at the meeting said they're worried about fixed incomes.`,
  `Marla Ortiz scored 22 points and the Macon Comets beat the Spokane Bears 78-68 on Friday night, their eighth win in 10 games. The Rams play Saturday at 7 p.m.

Researchers at the University of Michigan reported in The BMJ that hospital admissions for heat illness doubled between 2010 and 2023. The study, which followed 4.1 million patients, found the risk was highest for people older than 65.

Evelyn Marsh, who taught third grade in Columbia for 31 years, died Sunday at her home. She was 88. "She knew the name of every kid who came through that door," said a friend, who worked with her for a decade. Survivors include two children and five grandchildren.`,
];

function lint(text) {
  const out = [];
  // grouped by rule, so the engine can tell which of harper's rules spoke
  for (const group of linter.organized_lints(text, PLAIN, false, undefined, true, false)) {
    const rule = group.group;
    for (const l of group.lints) {
      const span = l.span();
      const suggestions = [];
      for (const s of l.suggestions()) {
        suggestions.push({ kind: s.kind(), text: s.get_replacement_text() });
        s.free();
      }
      out.push({ start: span.start, end: span.end, kind: l.lint_kind(), rule, message: l.message(), suggestions });
      span.free();
      l.free();
    }
    group.free();
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

const started = performance.now();
const ready = load().then(
  () => parentPort.postMessage({ type: 'ready', ms: performance.now() - started }),
  (e) => parentPort.postMessage({ type: 'failed', error: String(e?.stack ?? e) }),
);

/** Answers lint requests on `port`: the parent's, or one an editor pool worker was given so every pool worker shares this one harper. */
function serve(port) {
  port.on('message', async (msg) => {
    if (msg?.type === 'connect') {
      serve(msg.port);
      ready.then(() => msg.port.postMessage(linter ? { type: 'ready', ms: 0 } : { type: 'failed', error: 'harper failed to load' }));
      return;
    }
    await ready;
    if (!linter) return port.postMessage({ type: 'result', id: msg.id, error: 'harper failed to load' });
    try {
      const t = performance.now();
      const lints = lint(msg.text);
      port.postMessage({ type: 'result', id: msg.id, lints, ms: performance.now() - t });
    } catch (e) {
      port.postMessage({ type: 'result', id: msg.id, error: String(e?.message ?? e) });
    }
  });
}

serve(parentPort);
