import { ACTION_SPECS, actionApplies } from '../actions';
import { analyze } from '../analyze';
import { compare } from '../compare';
import { grammarCheckerState } from '../harper/client';
import { inputProblem } from '../limits';
import { rewrite, rewriteAll } from '../rewrite';
import { ruleById } from '../rules/registry';
import { suggest } from '../suggest/index';
import { buildDocument } from '../text/document';
import type { Action, ChatTurn, Finding, SuggestionKind, UploadedDocument } from '../types';
import { detectAction, detectCompare, detectSuggestionKinds, revisedTextIn, splitMessage } from './intent';
import { editLines, groupedFindings, inline, statsLine } from './markdown';
import { strengths } from './strengths';

export interface RespondInput {
  history?: readonly ChatTurn[];
  message: string;
  /** Text extracted from uploaded documents, newest last. */
  documents?: readonly UploadedDocument[];
  /** Wait for harper.js if it is still loading (default false: answer at once). */
  waitForGrammar?: boolean;
}

export const HELP = [
  'I’m your copy editor. Paste a story (or upload a document) and I’ll check it against AP style and tell you what works, what to fix and why, with a revised version.',
  '',
  'You can also ask me to:',
  '- **write headlines**, **social posts** or a **caption** drawn only from the facts in your copy;',
  '- use a quick action: make it more concise, improve clarity, fix grammar and style, enhance readability, make it more professional or simplify the language;',
  '- **compare** two drafts side by side.',
].join('\n');

const GRAMMAR_LOADING =
  '_The spelling and grammar checker is still loading, so this pass covers style, clarity, quotes, context, vague reporting and legal wording. Ask again in a moment for spelling too._';

interface FoundCopy {
  text: string;
  source: 'message' | 'document' | 'history' | 'revision';
  name?: string;
}

/** The copy to work on: in the message, else the newest document, else the newest copy or revision in the conversation. */
function findCopy(messageCopy: string, history: readonly ChatTurn[], documents: readonly UploadedDocument[]): FoundCopy | null {
  if (messageCopy) return { text: messageCopy, source: 'message' };
  const doc = [...documents].reverse().find((d) => d.text && d.text.trim());
  if (doc) return { text: doc.text, source: 'document', name: doc.name };
  for (const turn of [...history].reverse()) {
    if (turn.role === 'assistant') {
      const revised = revisedTextIn(turn.content);
      if (revised) return { text: revised, source: 'revision' };
    } else if (turn.role === 'user') {
      const { copy } = splitMessage(turn.content);
      if (copy) return { text: copy, source: 'history' };
    }
  }
  return null;
}

function sourceNote(copy: FoundCopy): string | null {
  if (copy.source === 'document') return `Working on ${copy.name ? `**${inline(copy.name)}**` : 'your uploaded document'}.`;
  if (copy.source === 'history') return 'Working on the copy from earlier in our conversation.';
  if (copy.source === 'revision') return 'Working on the latest revised version from our conversation.';
  return null;
}

function quoteChecker(text: string) {
  const doc = buildDocument(text);
  return (f: Finding) => doc.inQuote(f.start, f.end);
}

async function review(copy: FoundCopy, wait: boolean): Promise<string> {
  const grammarChecked = wait || grammarCheckerState() === 'ready';
  const analysis = await analyze(copy.text, { waitForGrammar: wait });
  const doc = buildDocument(copy.text);
  const revised = await rewriteAll(copy.text, { waitForGrammar: wait });
  const out: string[] = ['## Editor’s review', ''];
  const note = sourceNote(copy);
  if (note) out.push(note, '');
  out.push(`_${statsLine(analysis.stats)}_`, '');
  out.push('### What works');
  const good = strengths(doc, analysis, grammarChecked);
  out.push(
    ...(good.length ? good.map((g) => `- ${g}`) : ['- The story has its facts in place; the fixes below will make it publishable.']),
    '',
  );
  out.push('### What to fix');
  if (analysis.findings.length === 0) out.push('Nothing: the copy passes every check. Give it a final read for facts and names.', '');
  else out.push(...groupedFindings(analysis.findings, (f) => doc.inQuote(f.start, f.end)));
  if (revised.edits.length) {
    out.push('### Revised text', '', revised.text, '', '### Edits explained', ...editLines(revised.edits), '');
    const left = analysis.findings.filter(
      (f) => !revised.edits.some((e) => e.ruleId === f.ruleId && e.start <= f.start && f.end <= e.end),
    ).length;
    if (left)
      out.push(
        `The other ${left} ${left === 1 ? 'point needs' : 'points need'} your judgment: they are listed above with the reason. Quotes stay exactly as the source said them.`,
      );
  }
  if (!grammarChecked) out.push('', GRAMMAR_LOADING);
  return out.join('\n').trim();
}

async function quickAction(copy: FoundCopy, action: Action, wait: boolean): Promise<string> {
  const spec = ACTION_SPECS[action];
  const result = await rewrite(copy.text, action, { waitForGrammar: wait });
  const analysis = await analyze(copy.text, { waitForGrammar: wait });
  const inQuote = quoteChecker(copy.text);
  const open = analysis.findings.filter((f) => {
    const rule = ruleById.get(f.ruleId);
    if (!rule || !actionApplies(action, rule)) return false;
    return !result.edits.some((e) => e.ruleId === f.ruleId && e.start <= f.start && f.end <= e.end);
  });
  const out: string[] = [`## Revised: ${spec.label}`, ''];
  const note = sourceNote(copy);
  if (note) out.push(note, '');
  if (result.edits.length === 0)
    out.push(`I found nothing to change safely to make this ${spec.label}. Quotes stay exactly as the source said them.`, '');
  else
    out.push(
      `${result.edits.length} ${result.edits.length === 1 ? 'edit' : 'edits'}; quotations are left exactly as the source said them.`,
      '',
    );
  out.push('### Revised text', '', result.text, '');
  if (result.edits.length) out.push('### Edits explained', ...editLines(result.edits), '');
  if (open.length)
    out.push('### Still to check', 'These need a person’s judgment (or sit inside a quote):', ...groupedFindings(open, inQuote, 6));
  if (!wait && grammarCheckerState() !== 'ready' && (action === 'grammar' || action === 'clarity' || action === 'professional'))
    out.push('', GRAMMAR_LOADING);
  return out.join('\n').trim();
}

const KIND_TITLES: Record<SuggestionKind, string> = { headline: 'Headlines', social: 'Social posts', caption: 'Caption' };
const KIND_NOTES: Record<SuggestionKind, string> = {
  headline: 'Present tense, active voice, no final period, at most 70 characters.',
  social: 'Each at most 280 characters.',
  caption: 'Who, what, where and when, then one line of background.',
};

function suggestions(copy: FoundCopy, kinds: readonly SuggestionKind[]): string {
  const out: string[] = [];
  const note = sourceNote(copy);
  if (note) out.push(note, '');
  for (const kind of kinds) {
    const options = suggest(copy.text, kind);
    out.push(`## ${KIND_TITLES[kind]}`, '');
    if (!options.length) out.push('The copy is too short to draw one from; add the lead sentence (who did what, where and when).', '');
    else
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

async function comparison(before: string, after: string, wait: boolean): Promise<string> {
  const findings = (await analyze(before, { waitForGrammar: wait })).findings;
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
  out.push(
    ...summary
      .slice(0, 30)
      .map(
        (s, i) =>
          `${i + 1}. ${s.ruleId ? `“${inline(s.before)}” → “${inline(s.after)}”: ${s.explanation} (\`${s.ruleId}\`)` : s.explanation}`,
      ),
  );
  return out.join('\n');
}

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
  const wait = input.waitForGrammar ?? false;
  try {
    const messageProblem = inputProblem(message);
    if (messageProblem && messageProblem.problem !== 'empty' && messageProblem.problem !== 'not-english') return messageProblem.message;
    const { instruction, copy: messageCopy } = splitMessage(message);
    const found = findCopy(messageCopy, history, documents);
    const action = detectAction(instruction || message);
    const kinds = detectSuggestionKinds(instruction || '');
    if (!found) return HELP;
    const problem = inputProblem(found.text);
    if (problem && problem.problem !== 'empty') return problem.message;
    if (problem?.problem === 'empty') return HELP;
    if (detectCompare(instruction)) {
      const drafts = twoDrafts(found.text);
      if (drafts) return await comparison(drafts[0], drafts[1], wait);
      const earlier = findCopy('', history, []);
      if (earlier && earlier.text !== found.text) return await comparison(earlier.text, found.text, wait);
    }
    if (kinds.length && !action) return suggestions(found, kinds);
    if (action) return await quickAction(found, action, wait);
    return await review(found, wait);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return `I could not check this copy: ${reason}`;
  }
}
