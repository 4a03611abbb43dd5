import type { StylebookEntry } from '../../../shared/schemas/stylebook';
import { ACTION_SPECS, actionApplies } from '../actions';
import { analyze } from '../analyze';
import { compare } from '../compare';
import { grammarCheckerState } from '../harper/client';
import { inputProblem } from '../limits';
import { rewrite, rewriteAll } from '../rewrite';
import { ruleById } from '../rules/registry';
import { suggest } from '../suggest/index';
import { compileStylebook, type CompiledStylebook } from '../stylebook/compile';
import { buildDocument } from '../text/document';
import { countWords } from '../text/words';
import type { Action, Category, ChatTurn, Finding, SuggestionKind, UploadedDocument } from '../types';
import { missingChecklist, type ChecklistStatus } from './checklist';
import { findCopy, sourceNote, type FoundCopy } from './copy';
import { explainEdits } from './explain';
import { parseRequest, splitMessage, type ChatRequest, type WordTarget } from './intent';
import {
  CATEGORY_LABELS,
  editLines,
  groupedFindings,
  inline,
  plural,
  quoteWhole,
  ruleBullet,
  byRule,
  statsLine,
  wholePassages,
} from './markdown';
import { sourcesFor, sourcesSection, SOURCE_RULES, quotesToCheck } from './sources';
import { strengths } from './strengths';
import { tighten } from './tighten';
import { distinctProblems, findingsIn, verdictFor } from './verdict';

export interface RespondInput {
  history?: readonly ChatTurn[];
  message: string;
  /** Text extracted from uploaded documents, newest last. */
  documents?: readonly UploadedDocument[];
  /**
   * Whole texts of the conversation's documents, oldest first, that the copy's quotations are
   * looked up in (default: `documents`); the document under review is never its own source.
   */
  sources?: readonly UploadedDocument[];
  /** Wait for harper.js if it is still loading (default false: answer at once). */
  waitForGrammar?: boolean;
  /** The newsroom's stylebook entries that the copy touches: checked and applied as house style. */
  stylebook?: readonly StylebookEntry[];
}

/** How this reply runs the engine: whether it waits for the grammar checker, and the house rules. */
interface EngineRun {
  waitForGrammar: boolean;
  stylebook?: CompiledStylebook;
}

export const HELP = [
  'I’m your copy editor. Paste a story (or upload a document) and I’ll check it against AP style and tell you what works, what to fix and why, with a revised version.',
  '',
  'You can also ask me to:',
  '- **tighten it to a length** (“cut this to 300 words”), keeping the lede’s facts and every quote’s words;',
  '- say whether it **follows AP style**, or **what is missing** from the story (who, what, when, where, why, the other side, sources, baselines);',
  '- **write headlines**, **social posts** or a **caption** drawn only from the facts in your copy;',
  '- use a quick action: make it more concise, improve clarity, fix grammar and style, enhance readability, make it more professional or simplify the language;',
  '- **explain my edits**, or **compare** two drafts side by side.',
].join('\n');

const GRAMMAR_LOADING =
  '_The spelling and grammar checker is still loading, so this pass covers style, clarity, quotes, context, vague reporting and legal wording. Ask again in a moment for spelling too._';

function quoteChecker(text: string) {
  const doc = buildDocument(text);
  return (f: Finding) => doc.inQuote(f.start, f.end);
}

const opening = (title: string, copy: FoundCopy): string[] => {
  const note = sourceNote(copy);
  return [title, '', ...(note ? [note, ''] : [])];
};

const REVIEW_TITLE = '## Editor’s review';

async function review(copy: FoundCopy, run: EngineRun, documents: readonly UploadedDocument[]): Promise<string> {
  const grammarChecked = run.waitForGrammar || grammarCheckerState() === 'ready';
  const sources = sourcesFor(copy, documents);
  const analysis = await analyze(copy.text, { ...run, sources });
  const checks = analysis.quotes ?? [];
  // The section on sources reports these, with where each quotation was found.
  const findings = analysis.findings.filter((f) => !SOURCE_RULES.has(f.ruleId));
  const doc = buildDocument(copy.text);
  const revised = await rewriteAll(copy.text, run);
  const out = opening(REVIEW_TITLE, copy);
  out.push(`_${statsLine(analysis.stats)}_`, '');
  out.push('### What works');
  const good = strengths(doc, analysis, grammarChecked);
  out.push(
    ...(good.length ? good.map((g) => `- ${g}`) : ['- The story has its facts in place; the fixes below will make it publishable.']),
    '',
  );
  out.push('### What to fix');
  if (findings.length === 0)
    out.push(
      quotesToCheck(checks)
        ? 'Nothing in the wording: it passes every check. The quotes below need checking against your sources.'
        : 'Nothing: the copy passes every check. Give it a final read for facts and names.',
      '',
    );
  const explained = new Set<string>();
  if (findings.length) out.push(...groupedFindings(findings, (f) => doc.inQuote(f.start, f.end), 6, explained));
  out.push(...sourcesSection(checks, sources));
  if (revised.edits.length) {
    out.push('### Revised text', '', revised.text, '', '### Edits explained', ...editLines(revised.edits, 8, explained), '');
    const left = findings.filter((f) => !revised.edits.some((e) => e.ruleId === f.ruleId && e.start <= f.start && f.end <= e.end)).length;
    if (left)
      out.push(
        `${left === 1 ? 'The other point needs your judgment: it is listed' : `The other ${left} points need your judgment: they are listed`} above with the reason. Quotes stay exactly as the source said them.`,
      );
  }
  if (!grammarChecked) out.push('', GRAMMAR_LOADING);
  return out.join('\n').trim();
}

async function quickAction(copy: FoundCopy, action: Action, run: EngineRun): Promise<string> {
  const spec = ACTION_SPECS[action];
  const result = await rewrite(copy.text, action, run);
  const analysis = await analyze(copy.text, run);
  const inQuote = quoteChecker(copy.text);
  const open = analysis.findings.filter((f) => {
    const rule = ruleById.get(f.ruleId);
    if (!rule || !actionApplies(action, rule)) return false;
    return !result.edits.some((e) => e.ruleId === f.ruleId && e.start <= f.start && f.end <= e.end);
  });
  const out = opening(`## Revised: ${spec.label}`, copy);
  if (result.edits.length === 0)
    out.push(`I found nothing to change safely to make this ${spec.label}. Quotes stay exactly as the source said them.`, '');
  else
    out.push(
      `${result.edits.length} ${result.edits.length === 1 ? 'edit' : 'edits'}; quotations are left exactly as the source said them.`,
      '',
    );
  out.push('### Revised text', '', result.text, '');
  const explained = new Set<string>();
  if (result.edits.length) out.push('### Edits explained', ...editLines(result.edits, 8, explained), '');
  if (open.length)
    out.push(
      '### Still to check',
      'These need a person’s judgment (or sit inside a quote):',
      ...groupedFindings(open, inQuote, 6, explained),
    );
  if (
    !run.waitForGrammar &&
    grammarCheckerState() !== 'ready' &&
    (action === 'grammar' || action === 'clarity' || action === 'professional')
  )
    out.push('', GRAMMAR_LOADING);
  return out.join('\n').trim();
}

/**
 * Requests that judge the writer's copy. A review's revised text is only offered, so
 * "Is this AP style?" after a review asks about the story the writer sent, not about
 * the editor's fixes of it (which would pass by construction).
 */
const VERDICTS = new Set<ChatRequest['kind']>(['style-check', 'missing', 'topic', 'length']);
const offeredByReview = (turn: ChatTurn) => turn.role === 'assistant' && turn.content.startsWith(REVIEW_TITLE);

/** The headings of a reply that cut copy to a length. */
const TIGHTENED = /^## (?:Tightened to|I can’t get this to) /;
/** The passages a cut to length lists, each whole: the rest are counted. */
const CUTS_LISTED = 12;
const CUTS_LISTED_CHARS = 1_500;

async function tightenReply(copy: FoundCopy, target: WordTarget, run: EngineRun): Promise<string> {
  const asked = `${target.mode === 'max' ? 'at most ' : ''}${plural(target.words, 'word')}`;
  if (target.words < 10)
    return `A story of ${asked} cannot carry its lede, so I have not cut it. Ask for a length of 10 words or more (a headline is a better fit for fewer).`;
  const t = await tighten(copy.text, target, run);
  if (t.status === 'already')
    return [
      ...opening(`## Already ${target.mode === 'max' ? 'under' : 'within'} ${plural(target.words, 'word')}`, copy),
      `Your copy is ${plural(t.before, 'word')}, so there is nothing to cut to reach ${asked}. Ask for a lower number if you want it tighter.`,
    ].join('\n');
  const out: string[] = [];
  const kept = `the lede’s facts${t.kept.quotes ? ' and every quote’s words' : ''}`;
  if (t.status === 'cannot') {
    out.push(...opening(`## I can’t get this to ${plural(target.words, 'word')}`, copy));
    const floor = t.kept.lede + t.kept.quotes;
    const parts = [`the lede alone is ${plural(t.kept.lede, 'word')}`];
    if (t.kept.quotes) parts.push(`the quotes come to ${plural(t.kept.quotes, 'word')} more`);
    const why =
      floor > target.words
        ? `: ${floor} together, already over ${target.words}`
        : ', and the sentences that introduce the people quoted stay with their quotes';
    out.push(
      `Your copy is ${plural(t.before, 'word')}. I don’t cut the lede’s facts${t.kept.quotes ? ' or a quote’s words' : ''}; ${parts.join(' and ')}${why}. The shortest version that keeps them is ${plural(t.after, 'word')}, below.`,
      '',
      `To go further, tell me which quotes can go, or cut the lede to its core yourself.`,
      '',
    );
  } else {
    out.push(...opening(`## Tightened to ${plural(t.after, 'word')}`, copy));
    const distance = t.status === 'short' ? 'under' : 'within 10% of';
    out.push(
      `From ${plural(t.before, 'word')} to ${t.after}: ${distance} the ${target.words} you asked for.${t.status === 'short' ? ' That is the nearest I could get by cutting whole sentences.' : ''}`,
      '',
      `I cut from the bottom up, the sentences carrying the least news first, and used shorter wording where the engine has a safe fix. I kept ${kept}${t.cuts.some((c) => c.weakQuote) ? '; a quote I cut whole is one the review flags as weak' : ''}.`,
      '',
    );
  }
  out.push('### Revised text', '', t.text, '');
  const lines: string[] = [];
  if (t.cuts.length) {
    const words = t.cuts.reduce((n, c) => n + c.words, 0);
    const texts = t.cuts.map((c) => c.text);
    const listed = wholePassages(texts, CUTS_LISTED, CUTS_LISTED_CHARS);
    const rest = t.cuts.slice(listed);
    const restWords = rest.reduce((n, c) => n + c.words, 0);
    lines.push(
      `1. Cut ${plural(t.cuts.length, 'passage')} (${plural(words, 'word')}) that carried the least news:`,
      ...t.cuts.slice(0, listed).map((c) => `   - ${quoteWhole(c.text)}${c.weakQuote ? ' _(a quote the review flags as weak)_' : ''}`),
      ...(rest.length ? [`   - and ${plural(rest.length, 'more passage')} (${plural(restWords, 'word')})`] : []),
    );
  }
  const wording = editLines(t.edits).map((l) => l.replace(/^(\d+)\./, (_, n: string) => `${Number(n) + (t.cuts.length ? 1 : 0)}.`));
  lines.push(...wording);
  if (lines.length) out.push('### Edits explained', ...lines, '');
  return out.join('\n').trim();
}

async function styleVerdict(copy: FoundCopy, run: EngineRun): Promise<string> {
  const analysis = await analyze(copy.text, run);
  const style = findingsIn(analysis, 'style');
  const verdict = verdictFor(style);
  const inQuote = quoteChecker(copy.text);
  const out = opening(`## AP style: ${verdict}`, copy);
  const rules = byRule(style);
  const count = distinctProblems(style);
  if (verdict === 'yes')
    out.push('**Yes.** I found no departures from AP style in numbers, dates, times, titles, state names, attribution or word choice.');
  else
    out.push(
      `**No.** ${plural(count, 'departure')} from AP style in ${plural(analysis.stats.words, 'word')}${count > 1 ? '' : '; fix it and the rest follows the Stylebook'}:`,
      '',
      '### Departures from AP style',
      // the whole list: a verdict of no owes the writer every departure
      ...rules.flatMap((r) => ruleBullet(r, inQuote, r.length)),
      '',
      'Ask me to **fix grammar and style** and I will apply the fixes that are safe; the others need your call.',
    );
  const other = analysis.findings.length - style.length;
  if (other)
    out.push(
      '',
      `_Beyond AP style, the review has ${plural(other, 'other point')} (grammar, clarity, sourcing and the like). Send the copy on its own for the full review._`,
    );
  return out.join('\n').trim();
}

const TOPIC_CLEAN: Record<Category, string> = {
  legal: 'I found no wording with legal risk: no one charged is called guilty, and accusations are attributed.',
  quote: 'The quotes pass: each is attributed and says something only its speaker could say.',
  grammar: 'I found no spelling or grammar errors.',
  vague: 'The sourcing is specific: I found no unnamed groups, vague quantities or hedges.',
  context: 'I found no acronym left unexplained, no figure without a baseline and no anonymous source without a reason.',
  clarity: 'It reads clearly: no wordy phrases, clichés, hidden actors or overlong sentences.',
  style: 'It follows AP style.',
  consistency: 'The story agrees with itself: names, ages, titles, tallies, totals and dates match wherever they recur.',
};

async function topicAnswer(copy: FoundCopy, category: Category, run: EngineRun, documents: readonly UploadedDocument[]): Promise<string> {
  if (category === 'style') return styleVerdict(copy, run);
  const sources = category === 'quote' ? sourcesFor(copy, documents) : [];
  const analysis = await analyze(copy.text, { ...run, sources });
  const found = findingsIn(analysis, category);
  const out = opening(`## ${CATEGORY_LABELS[category]}`, copy);
  if (category === 'grammar' && !run.waitForGrammar && grammarCheckerState() !== 'ready') out.push(GRAMMAR_LOADING, '');
  if (!found.length) out.push(TOPIC_CLEAN[category]);
  else {
    const rules = byRule(found);
    const head =
      category === 'legal'
        ? `**Fix before it runs.** ${plural(found.length, 'passage')} could expose you to a libel claim:`
        : `${plural(rules.length, 'kind of problem', 'kinds of problem')} to fix:`;
    out.push(head, '', ...rules.flatMap((r) => ruleBullet(r, quoteChecker(copy.text))));
  }
  return out.join('\n').trim();
}

const STATUS_MARK: Record<ChecklistStatus, string> = {
  found: '✅',
  partly: '⚠️',
  missing: '❌',
  'not-needed': '➖',
};
const STATUS_WORD: Record<ChecklistStatus, string> = { found: 'found', partly: 'partly', missing: 'missing', 'not-needed': 'not needed' };

async function checklistReply(copy: FoundCopy, run: EngineRun): Promise<string> {
  const analysis = await analyze(copy.text, run);
  const items = missingChecklist(copy.text, analysis);
  const gaps = items.filter((i) => i.status === 'missing' || i.status === 'partly');
  const out = opening('## What’s missing', copy);
  out.push(
    gaps.length
      ? `Checked against the copy: ${plural(gaps.length, 'gap')} to fill (${gaps.map((g) => g.label.toLowerCase()).join(', ')}).`
      : 'Checked against the copy: nothing essential is missing.',
    '',
  );
  for (const item of items) out.push(`- ${STATUS_MARK[item.status]} **${item.label}** — ${STATUS_WORD[item.status]}: ${item.note}`);
  return out.join('\n').trim();
}

const KIND_TITLES: Record<SuggestionKind, string> = { headline: 'Headlines', social: 'Social posts', caption: 'Captions' };
const KIND_NOUN: Record<SuggestionKind, [string, string]> = {
  headline: ['headline', 'headlines'],
  social: ['social post', 'social posts'],
  caption: ['caption', 'captions'],
};
const KIND_NOTES: Record<SuggestionKind, string> = {
  headline: 'Present tense, active voice, no final period, at most 70 characters.',
  social: 'Each at most 280 characters.',
  caption: 'Who, what, where and when, then one line of background.',
};
export const MAX_SUGGESTIONS = 10;

/**
 * Up to `count` distinct suggestions: the engine's own for the copy, then, when
 * more are asked for, those it draws from the story with its opening paragraphs
 * set aside (another angle, still only the copy's facts).
 */
async function suggestionsFor(text: string, kind: SuggestionKind, count: number, run: EngineRun): Promise<string[]> {
  const out: string[] = [];
  const add = (options: string[]) => {
    for (const o of options) if (out.length < count && !out.some((x) => x.toLowerCase() === o.toLowerCase())) out.push(o);
  };
  add(await suggest(text, kind, run));
  const paragraphs = text.split(/\n\s*\n/);
  for (let skip = 1; out.length < count && skip < paragraphs.length; skip++) {
    const rest = paragraphs.slice(skip).join('\n\n');
    if (countWords(rest) < 12) break;
    add(await suggest(rest, kind, run));
  }
  return out;
}

async function suggestions(
  copy: FoundCopy,
  kinds: readonly SuggestionKind[],
  counts: Partial<Record<SuggestionKind, number>>,
): Promise<string> {
  const out: string[] = [];
  const note = sourceNote(copy);
  if (note) out.push(note, '');
  for (const kind of kinds) {
    const asked = counts[kind];
    const wanted = Math.min(asked ?? 3, MAX_SUGGESTIONS);
    // a suggestion is offered as ready to publish: it waits for the spelling checker, so no misspelling slips into one
    const options = await suggestionsFor(copy.text, kind, wanted, { waitForGrammar: true });
    const [one, many] = KIND_NOUN[kind];
    out.push(`## ${options.length === 1 ? one[0]!.toUpperCase() + one.slice(1) : KIND_TITLES[kind]}`, '');
    if (!options.length) {
      out.push('The copy is too short to draw one from; add the lead sentence (who did what, where and when).', '');
      continue;
    }
    if (asked && asked > MAX_SUGGESTIONS)
      out.push(`_You asked for ${asked}; here are the ${MAX_SUGGESTIONS} best I can draw from the copy._`, '');
    else if (asked && options.length < asked)
      out.push(
        `_You asked for ${asked}; the copy’s facts support ${options.length} distinct ${options.length === 1 ? one : many}. More would mean inventing facts or repeating these._`,
        '',
      );
    out.push(
      ...options.map((o, i) => `${i + 1}. ${o} _(${o.length} characters)_`),
      '',
      `_${KIND_NOTES[kind]} Built only from the facts, names and numbers in your copy._`,
      '',
    );
  }
  return out.join('\n').trim();
}

/** Two drafts in one message: split at a line of dashes or at "Before:"/"After:" labels. */
function twoDrafts(copy: string): [string, string] | null {
  const labelled = copy.match(
    /^\s*(?:before|original|draft 1|first draft)\s*:\s*([\s\S]+?)\n\s*(?:after|revised|draft 2|second draft)\s*:\s*([\s\S]+)$/i,
  );
  if (labelled) return [labelled[1]!.trim(), labelled[2]!.trim()];
  const parts = copy.split(/\n\s*(?:-{3,}|={3,}|\*{3,})\s*\n/);
  return parts.length === 2 ? [parts[0]!.trim(), parts[1]!.trim()] : null;
}

async function comparison(before: string, after: string, run: EngineRun): Promise<string> {
  const findings = (await analyze(before, run)).findings;
  const { ops, summary } = compare(before, after, { findings });
  const out = ['## Side-by-side comparison', ''];
  if (!summary.length) return [...out, 'The two drafts are identical.'].join('\n');
  const diff = ops
    .map((o) =>
      o.type === 'equal'
        ? o.before
        : `${o.before.trim() ? `~~${o.before.trim()}~~` : ''}${o.before.trim() && o.after.trim() ? ' ' : ''}${o.after.trim() ? `**${o.after.trim()}**` : ''}${/\s$/.test(o.after || o.before) ? ' ' : ''}`,
    )
    .join('');
  out.push(diff, '', '### What changed');
  const explained = new Set<string>();
  out.push(
    ...summary.slice(0, 30).map((s, i) => {
      if (!s.ruleId) return `${i + 1}. ${s.explanation}`;
      // each rule's reason once: later changes by the same rule only name the change
      const why = explained.has(s.ruleId) ? 'same rule as above.' : s.explanation;
      explained.add(s.ruleId);
      return `${i + 1}. “${inline(s.before)}” → “${inline(s.after)}”: ${why}`;
    }),
  );
  return out.join('\n');
}

/** What to send when the request needs copy and the conversation has none. */
function needsCopy(request: ChatRequest): string {
  const what: Partial<Record<ChatRequest['kind'], string>> = {
    tighten:
      'Paste the story you want cut (or upload it) and I will bring it to that length, keeping the lede’s facts and every quote’s words.',
    'style-check': 'Paste the copy you want checked (or upload it) and I will tell you whether it follows AP style, and where it does not.',
    missing:
      'Paste the story (or upload it) and I will check it for who, what, when, where, why, the other side, named sources and baselines for numbers.',
    suggest: 'Paste the story (or upload it) and I will draw them from its facts.',
    action: 'Paste the copy (or upload it) and I will revise it.',
    topic: 'Paste the copy (or upload it) and I will check it.',
  };
  return what[request.kind] ?? HELP;
}

async function lengthAnswer(copy: FoundCopy): Promise<string> {
  const { stats } = await analyze(copy.text, { rules: [] });
  const out = opening(`## ${plural(stats.words, 'word')}`, copy);
  out.push(
    `${plural(stats.words, 'word')} in ${plural(stats.sentences, 'sentence')}; it reads at grade ${stats.readingGrade}${stats.readingGrade > 10 ? ', harder than most news copy (aim for grade 10 or lower)' : ''}.`,
    '',
    'To bring it to a length, ask me to “tighten it to 300 words” (any number).',
  );
  return out.join('\n').trim();
}

async function unknownQuestion(copy: FoundCopy, run: EngineRun): Promise<string> {
  const analysis = await analyze(copy.text, run);
  return [
    'I can only answer from the copy itself: I cannot look up facts, people or events outside it.',
    '',
    `_${statsLine(analysis.stats)}; ${plural(analysis.findings.length, 'point')} in the review._`,
    '',
    'About this copy, you can ask me:',
    '- “Is this AP style?” or “Any legal problems?”',
    '- “What is missing from this story?”',
    '- “Tighten this to 300 words”',
    '- “Write three headlines” (or social posts, or a caption)',
    '- “Explain your edits”, or just send the copy again for a full review.',
  ].join('\n');
}

const THANKS_REPLY =
  'Glad to help. Paste the next story when it’s ready, or ask for headlines, a word count, an AP style check or what is missing from this one.';

/**
 * The editor's chat reply, in Markdown. Accepts `respond({ history, message, documents })`
 * or `respond(history, message)`. Never throws for bad input: it answers with what to do.
 */
export async function respond(input: RespondInput): Promise<string>;
export async function respond(
  history: readonly ChatTurn[],
  message: string,
  options?: Omit<RespondInput, 'history' | 'message'>,
): Promise<string>;
export async function respond(
  a: RespondInput | readonly ChatTurn[],
  b?: string,
  c?: Omit<RespondInput, 'history' | 'message'>,
): Promise<string> {
  const input: RespondInput = Array.isArray(a) ? { history: a as readonly ChatTurn[], message: b ?? '', ...c } : (a as RespondInput);
  const message = typeof input.message === 'string' ? input.message : '';
  const history = (input.history ?? []).filter((t) => t && typeof t.content === 'string');
  const documents = (input.documents ?? []).filter((d) => d && typeof d.text === 'string');
  const sources = input.sources ? input.sources.filter((d) => d && typeof d.text === 'string') : documents;
  const run: EngineRun = {
    waitForGrammar: input.waitForGrammar ?? false,
    stylebook: input.stylebook?.length ? compileStylebook(input.stylebook) : undefined,
  };
  try {
    const messageProblem = inputProblem(message);
    if (messageProblem && messageProblem.problem !== 'empty' && messageProblem.problem !== 'not-english') return messageProblem.message;
    const { instruction, copy: messageCopy } = splitMessage(message);
    const request = parseRequest(messageCopy ? instruction : message);
    if (request.kind === 'explain') return await explainEdits(history, documents, run);
    if (request.kind === 'help') return HELP;
    // a new length applies to the story, not to an earlier cut of it: "to 100 words" after "to 40" starts again
    const cutToLength = (turn: ChatTurn) => turn.role === 'assistant' && TIGHTENED.test(turn.content);
    const skip = request.kind === 'tighten' ? cutToLength : VERDICTS.has(request.kind) ? offeredByReview : undefined;
    const found = findCopy(messageCopy, history, documents, skip);
    if (request.kind === 'thanks' && !messageCopy) return THANKS_REPLY;
    if (!found) return needsCopy(request);
    const problem = inputProblem(found.text);
    if (problem && problem.problem !== 'empty') return problem.message;
    if (problem?.problem === 'empty') return HELP;
    switch (request.kind) {
      case 'tighten':
        return await tightenReply(found, request.target, run);
      case 'style-check':
        return await styleVerdict(found, run);
      case 'topic':
        return await topicAnswer(found, request.category, run, sources);
      case 'missing':
        return await checklistReply(found, run);
      case 'suggest':
        return await suggestions(found, request.kinds, request.counts);
      case 'compare': {
        const drafts = twoDrafts(found.text);
        if (drafts) return await comparison(drafts[0], drafts[1], run);
        const earlier = findCopy('', history, []);
        if (earlier && earlier.text !== found.text) return await comparison(earlier.text, found.text, run);
        return await review(found, run, sources);
      }
      case 'action':
        return await quickAction(found, request.action, run);
      case 'length':
        return await lengthAnswer(found);
      case 'question':
        return messageCopy ? await review(found, run, sources) : await unknownQuestion(found, run);
      default:
        return await review(found, run, sources);
    }
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return `I could not check this copy: ${reason}`;
  }
}
