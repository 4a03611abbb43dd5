import { groundingOffThread, MAX_TEXT_CHARS } from '../../editor';
import type { StylebookEntry } from '../../../shared/schemas/stylebook';
import type { ModelTurn, Passage } from './types';

export const NEWS_EDITOR_PROMPT = [
  'You are Copydesk, a senior news copy editor working with journalists, editors and communications professionals.',
  'Edit and rewrite copy to Associated Press style: tight, clear, accurate and fair. Explain each important edit in a sentence so the writer learns from it.',
  'Flag weak or unattributed quotes, missing context, vague reporting (unnamed sources, weasel quantities, hedges) and legally risky wording (guilt before a verdict).',
  'When asked, write headlines, social posts and captions drawn only from facts in the copy, and compare drafts side by side.',
  'Never invent facts, names, numbers, dates or quotes. Keep every quotation exactly as written; report problems inside quotes instead of changing them.',
  // The chat's side-by-side comparison and Copydesk's check of quotations read the revision from this heading.
  'Answer in Markdown. When you return a revised version of the copy, put it under a "### Revised text" heading and explain your edits after it, under a heading of their own.',
].join('\n');

/** Shorter copy than this is a request, not a story: no findings are worth sending. */
const GROUNDING_MIN_WORDS = 30;
/** The findings list is cut here so one long story cannot crowd out the conversation. */
const GROUNDING_MAX_LINES = 120;
const HISTORY_MAX_TURNS = 20;
const HISTORY_MAX_CHARS = 32_000;
const PASSAGES_MAX_CHARS = 12_000;
/** House rules the prompt lists at most: those the copy touches, which are few in a story. */
const STYLEBOOK_MAX_ENTRIES = 200;

export interface ChatCompletionMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The copy the writer sent: the message if it carries copy, else the latest copy sent earlier. */
export function writerCopy(message: string, history: readonly ModelTurn[]): string | null {
  if (words(message) >= GROUNDING_MIN_WORDS) return message;
  const earlier = [...history].reverse().find((t) => t.role === 'user' && words(t.content) >= GROUNDING_MIN_WORDS);
  return earlier?.content ?? null;
}

/** The copy the findings are about: the writer's copy, else the documents. */
export function copyToGround(message: string, history: readonly ModelTurn[], passages: readonly Passage[]): string | null {
  const written = writerCopy(message, history);
  if (written) return written;
  const fromDocuments = passages.map((p) => p.content).join('\n\n');
  return words(fromDocuments) >= GROUNDING_MIN_WORDS ? fromDocuments : null;
}

/** The editorial engine's findings on the copy, cut to a bounded number of lines; null when there is nothing to check. */
export async function groundingFor(copy: string | null): Promise<string | null> {
  if (!copy) return null;
  try {
    const summary = await groundingOffThread(copy.slice(0, MAX_TEXT_CHARS));
    const lines = summary.split('\n');
    if (lines.length <= GROUNDING_MAX_LINES) return summary;
    // Keep the closing instruction (never invent facts) after the cut.
    return [
      ...lines.slice(0, GROUNDING_MAX_LINES - 2),
      `- ... ${lines.length - GROUNDING_MAX_LINES + 1} more findings not listed.`,
      lines.at(-1)!,
    ].join('\n');
  } catch {
    // Binary or oversized copy, or the editor busy: the model still answers, without findings.
    return null;
  }
}

function passagesBlock(passages: readonly Passage[]): string | null {
  if (passages.length === 0) return null;
  const out = ['Passages from documents the writer uploaded to this conversation (most relevant first; quote them exactly):'];
  let budget = PASSAGES_MAX_CHARS;
  passages.forEach((p, i) => {
    if (budget <= 0) return;
    const text = p.content.slice(0, budget);
    budget -= text.length;
    out.push(`[${i + 1}] ${p.filename}:\n${text}`);
  });
  return out.join('\n\n');
}

const said = (s: string) => `"${s}"`;

/** The newsroom's rules the copy touches, as the model is told them: they overrule AP, outside quotations. */
export function stylebookBlock(entries: readonly StylebookEntry[] | undefined): string | null {
  if (!entries?.length) return null;
  const lines = entries.slice(0, STYLEBOOK_MAX_ENTRIES).map((e) => {
    const note = e.note ? ` ${e.note}` : '';
    if (e.type === 'prefer') return `- Write ${said(e.term)}, not ${e.variants.map(said).join(' or ')}.${note}`;
    if (e.type === 'avoid') return `- Avoid ${said(e.term)}${e.replacement ? `; write ${said(e.replacement)}` : ''}.${note}`;
    return `- ${said(e.term)} is spelled correctly: do not change it.${note}`;
  });
  return [
    "The newsroom's own stylebook, which overrules AP style where they differ. Apply it to the copy and to your revised text, outside quotations (never change a quotation's words):",
    ...lines,
  ].join('\n');
}

/** The newest turns that fit the budget, oldest first; a turn too long for what is left is cut. */
function recentTurns(history: readonly ModelTurn[]): ModelTurn[] {
  const kept: ModelTurn[] = [];
  let budget = HISTORY_MAX_CHARS;
  for (const turn of [...history].reverse()) {
    if (kept.length >= HISTORY_MAX_TURNS || budget <= 0) break;
    if (turn.content.trim() === '') continue;
    const content = turn.content.length > budget ? `${turn.content.slice(0, budget)}\n[...cut]` : turn.content;
    budget -= turn.content.length;
    kept.unshift({ role: turn.role, content });
  }
  return kept;
}

/** Joins neighbouring turns of one role: many chat templates (llama.cpp, vLLM) insist that roles alternate. */
function alternate(turns: ModelTurn[]): ModelTurn[] {
  const out: ModelTurn[] = [];
  for (const turn of turns) {
    const last = out.at(-1);
    if (last && last.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else out.push({ ...turn });
  }
  return out;
}

/**
 * The Chat Completions messages: one system message (the editor's brief, the
 * engine's findings, the document passages), then the conversation, ending with
 * the new user message. Leading assistant turns (a document review posted before
 * the first question) go into the system message so the turns start with the user.
 */
export function buildChatMessages(input: {
  history: readonly ModelTurn[];
  message: string;
  passages: readonly Passage[];
  grounding: string | null;
  stylebook?: readonly StylebookEntry[];
}): ChatCompletionMessage[] {
  const turns = alternate([...recentTurns(input.history), { role: 'user', content: input.message }]);
  const system = [NEWS_EDITOR_PROMPT];
  while (turns[0]?.role === 'assistant') system.push(`Earlier in this conversation you wrote:\n${turns.shift()!.content}`);
  if (input.grounding) system.push(input.grounding);
  const house = stylebookBlock(input.stylebook);
  if (house) system.push(house);
  const passages = passagesBlock(input.passages);
  if (passages) system.push(passages);
  return [{ role: 'system', content: system.join('\n\n') }, ...turns];
}
