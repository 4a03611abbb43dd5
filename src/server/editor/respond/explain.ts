import { analyze } from '../analyze';
import { compare, type ChangeSummary } from '../compare';
import { buildDocument } from '../text/document';
import { countWords } from '../text/words';
import type { ChatTurn, Finding, UploadedDocument } from '../types';
import { copyInTurn } from './copy';
import { revisedTextIn } from './intent';
import { byRule, inline, plural, prose, quoteWhole, wholePassages } from './markdown';

export const EXPLAIN_HEADING = '## Why I made these edits';
const FINDINGS_HEADING = '## Why I flagged these';
const NOTHING_HEADING = '## No edits to explain';

const isExplanation = (content: string) => [EXPLAIN_HEADING, FINDINGS_HEADING, NOTHING_HEADING].some((h) => content.startsWith(h));

/** How far back "your edits" may reach: the editor's recent replies, newest first. */
const REPLIES_LOOKED_AT = 6;

/** The editor's recent replies, newest first, leaving out earlier explanations. */
function recentReplies(history: readonly ChatTurn[]): number[] {
  const out: number[] = [];
  for (let i = history.length - 1; i >= 0 && out.length < REPLIES_LOOKED_AT; i--) {
    const t = history[i]!;
    if (t.role === 'assistant' && t.content.trim() && !isExplanation(t.content)) out.push(i);
  }
  return out;
}

/** The copy a reply worked on: the document it names, or the copy or revision just before it. */
function copyBefore(history: readonly ChatTurn[], index: number, documents: readonly UploadedDocument[]): string | null {
  const named = history[index]!.content.match(/^Working on \*\*(.+?)\*\*\./m)?.[1];
  if (named) {
    const doc = [...documents].reverse().find((d) => d.name && inline(d.name) === named);
    if (doc) return doc.text;
  }
  for (let i = index - 1; i >= 0; i--) {
    const found = copyInTurn(history[i]!);
    if (found) return found.text;
  }
  return null;
}

const change = (before: string, after: string) =>
  after.trim() === ''
    ? `“${inline(before)}” → cut`
    : before.trim() === ''
      ? `added “${inline(after)}”`
      : `“${inline(before)}” → “${inline(after)}”`;

/** A change that took out whole sentences: a cut for length or for weight, not a wording fix. */
const isSentenceCut = (s: ChangeSummary) => s.after.trim() === '' && /[.!?]["”’)]?\s*$/.test(s.before.trim()) && countWords(s.before) >= 5;

function explainRevision(reply: string, before: string, after: string, findings: readonly Finding[]): string {
  const { summary } = compare(before, after, { findings });
  if (!summary.length) return [NOTHING_HEADING, '', 'My last reply left your copy as it was: there are no edits to explain.'].join('\n');
  const linked = summary.filter((s) => s.ruleId !== null) as (ChangeSummary & { ruleId: string })[];
  const cuts = summary.filter((s) => s.ruleId === null && isSentenceCut(s));
  const other = summary.filter((s) => s.ruleId === null && !isSentenceCut(s));
  const items: string[] = [];
  for (const group of byRule(linked)) {
    const changes = [...new Set(group.map((s) => change(s.before, s.after)))];
    const shown = changes.slice(0, 6).join('; ');
    const more = changes.length > 6 ? ` and ${plural(changes.length - 6, 'more')}` : '';
    items.push(`**${shown}**${more}. ${prose(group[0]!.explanation)}`);
  }
  if (cuts.length) {
    const words = cuts.reduce((n, s) => n + countWords(s.before), 0);
    const passages = cuts.map((s) => s.before.trim());
    const listed = wholePassages(passages, 4, 600);
    const shown = cuts
      .slice(0, listed)
      .map((s) => quoteWhole(s.before))
      .join('; ');
    const more = cuts.length > listed ? `; and ${plural(cuts.length - listed, 'more passage')}.` : '';
    const why = reply.startsWith('## Tightened')
      ? 'To reach your word target I cut whole sentences, the least news first and from the bottom up, so the lede’s facts and every quote’s words stay.'
      : 'These sentences were cut whole; nothing in them was reworded.';
    const sentences = cuts.reduce((n, s) => n + Math.max(1, buildDocument(s.before.trim()).sentences.length), 0);
    items.push(`**Cut ${plural(sentences, 'sentence')} (${plural(words, 'word')})**: ${shown}${more} ${why}`);
  }
  for (const s of other.slice(0, 10))
    items.push(
      `**${change(s.before, s.after)}**. No rule of mine asks for this change, so check it against your notes before you keep it.`,
    );
  if (other.length > 10) items.push(`…and ${plural(other.length - 10, 'more change')} of the same kind.`);
  return [
    EXPLAIN_HEADING,
    '',
    'Here is why I changed what I did in my last revision of your copy, one reason per kind of edit:',
    '',
    ...items.map((item, i) => `${i + 1}. ${item}`),
    '',
    'Quotes stay exactly as the source said them: where a quote has a problem, I flag it instead of changing it.',
  ].join('\n');
}

function explainFindings(reply: string, findings: readonly Finding[]): string | null {
  const cited = findings.filter((f) => reply.includes(`“${inline(f.text)}”`));
  if (!cited.length) return null;
  const items = byRule(cited).map((group) => {
    const texts = [...new Set(group.map((f) => (f.suggestion === null ? `“${inline(f.text)}”` : change(f.text, f.suggestion))))];
    return `**${texts.slice(0, 6).join('; ')}**${texts.length > 6 ? ` and ${plural(texts.length - 6, 'more')}` : ''}. ${prose(group[0]!.explanation)}`;
  });
  return [
    FINDINGS_HEADING,
    '',
    'My last check of your copy changed nothing in it; it pointed out these problems. Here is the reason behind each, once per rule:',
    '',
    ...items.map((item, i) => `${i + 1}. ${item}`),
  ].join('\n');
}

/**
 * "Explain your edits": the edits of the editor's previous reply (its revised
 * text against the copy it worked on), or the problems it listed, each rule's
 * reason given once.
 */
export async function explainEdits(
  history: readonly ChatTurn[],
  documents: readonly UploadedDocument[],
  options: { waitForGrammar?: boolean } = {},
): Promise<string> {
  const replies = recentReplies(history);
  if (!replies.length)
    return [
      NOTHING_HEADING,
      '',
      'I have not edited anything in this conversation yet. Paste a story and I will review it, then explain every edit.',
    ].join('\n');
  // the newest reply that edited the copy or flagged something in it (headlines and checklists edit nothing)
  for (const index of replies) {
    const reply = history[index]!.content;
    const before = copyBefore(history, index, documents);
    if (!before) continue;
    const after = revisedTextIn(reply);
    const { findings } = await analyze(before, { waitForGrammar: options.waitForGrammar });
    if (after) return explainRevision(reply, before, after, findings);
    const flagged = explainFindings(reply, findings);
    if (flagged) return flagged;
  }
  return [
    NOTHING_HEADING,
    '',
    'My recent replies did not edit your copy or flag anything in it, so there is nothing to explain. Ask me to review the story and I will explain each change.',
  ].join('\n');
}
