import { diffWordsWithSpace } from 'diff';
import { QUICK_ACTIONS, REVIEW_CONVERSATION, quickActionIn } from '~/shared/quick-actions';
import type { Message } from '../api-types';

/** The lines of a Markdown section that starts with `### {title}`, up to the next heading or rule. */
export function sectionText(markdown: string, title: string): string | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim().toLowerCase().startsWith(`### ${title.toLowerCase()}`));
  if (start < 0) return null;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,3}\s/.test(line) || /^\s*(-{3,}|\*{3,})\s*$/.test(line)) break;
    body.push(line);
  }
  const text = body.join('\n').trim();
  return text ? text.replace(/^>\s?/gm, '') : null;
}

/** The reply with the body of its `### {title}` section replaced by `text` (quoted again when it was quoted). */
export function withSectionText(markdown: string, title: string, text: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim().toLowerCase().startsWith(`### ${title.toLowerCase()}`));
  if (start < 0) return markdown;
  let end = start + 1;
  while (end < lines.length && !/^#{1,3}\s/.test(lines[end]!) && !/^\s*(-{3,}|\*{3,})\s*$/.test(lines[end]!)) end++;
  const quoted = lines.slice(start + 1, end).some((l) => /^>/.test(l));
  const body = text.split('\n').map((l) => (quoted ? `> ${l}`.trimEnd() : l));
  return [...lines.slice(0, start + 1), '', ...body, ...(end < lines.length ? [''] : []), ...lines.slice(end)].join('\n');
}

/** The revised copy an editor's reply carries in its "### Revised text" section. */
export const revisedTextIn = (reply: string) => sectionText(reply, 'Revised text');

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const REQUEST_START =
  /^(please|can you|could you|would you|help|make|improve|fix|check|review|edit|rewrite|write|suggest|give|simplify|enhance|shorten|tighten|proofread|compare|here['’]?s|here is|this is|below is|i need|i want|i['’]d like)\b/i;

/** Whether a paragraph reads as a request to the editor rather than copy. */
function isRequest(block: string): boolean {
  if (/^\s*\d+[.)]\s/.test(block) || /^\s*[-*•]\s/.test(block)) return true;
  return wordCount(block) <= 40 && (REQUEST_START.test(block) || /[?:]$/.test(block));
}

/** The copy a user's message carries: without a quick action's prompt or a request line before it. */
export function copyInUserMessage(content: string): string {
  let text = content.trim();
  const named = quickActionIn(text);
  if (named) return named.copy;
  // conversations from before quick actions sent only their name
  for (const action of QUICK_ACTIONS) {
    for (const opening of [action.request, `${REVIEW_CONVERSATION} ${action.request}`]) {
      if (!text.startsWith(opening)) continue;
      const blocks = text.split(/\n\s*\n/);
      // The request, then the numbered steps, then the copy.
      return blocks.slice(2).join('\n\n').trim();
    }
  }
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  while (blocks.length > 1 && isRequest(blocks[0]!)) blocks.shift();
  text = blocks.join('\n\n');
  if (blocks.length === 1) {
    // "Tighten this: <story>"
    const colon = text.search(/:\s/);
    if (colon > 0 && colon < 160 && isRequest(text.slice(0, colon + 1)) && wordCount(text.slice(colon + 1)) >= 8) {
      return text.slice(colon + 1).trim();
    }
    if (isRequest(text)) return '';
  }
  return text;
}

export interface Revision {
  before: string;
  after: string;
  /** The reply's own explanations ("### Edits explained"), Markdown. */
  explanations: string | null;
  /** The reply, so the server's engine can diff it with each change linked to its rule. */
  reply?: { conversationId: number; messageId: number };
}

/** A reply that worked on an uploaded document compares against text this page does not have. */
const WORKS_ON_DOCUMENT = /^Working on (\*\*|your uploaded document)/m;

/**
 * The two drafts behind an editor's reply at `index`: the copy it revised (the
 * earlier user message's copy, or the previous revision when that message was
 * only a request) and the revised text. Null when the reply holds no revision.
 */
export function revisionAt(messages: readonly Pick<Message, 'role' | 'content'>[], index: number): Revision | null {
  const reply = messages[index];
  if (!reply || reply.role !== 'assistant') return null;
  const after = revisedTextIn(reply.content);
  if (!after || WORKS_ON_DOCUMENT.test(reply.content)) return null;
  for (let i = index - 1; i >= 0; i--) {
    const m = messages[i]!;
    const before = m.role === 'user' ? copyInUserMessage(m.content) : revisedTextIn(m.content);
    if (before)
      return before.trim() === after.trim() ? null : { before, after, explanations: sectionText(reply.content, 'Edits explained') };
  }
  return null;
}

export interface DiffPart {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

export interface WordDiff {
  before: DiffPart[];
  after: DiffPart[];
  /** `why` is the rule's explanation when the engine knows which rule made the change. */
  changes: Array<{ removed: string; added: string; why?: string }>;
}

/** The engine's comparison (`chat.compare`) in the panes' shape. */
export function engineDiff(c: {
  ops: Array<{ type: 'equal' | 'insert' | 'delete' | 'replace'; before: string; after: string }>;
  summary: Array<{ ruleId: string | null; before: string; after: string; explanation: string }>;
}): WordDiff {
  const out: WordDiff = { before: [], after: [], changes: [] };
  for (const op of c.ops) {
    if (op.type === 'equal') {
      out.before.push({ text: op.before, kind: 'same' });
      out.after.push({ text: op.after, kind: 'same' });
      continue;
    }
    if (op.before) out.before.push({ text: op.before, kind: 'removed' });
    if (op.after) out.after.push({ text: op.after, kind: 'added' });
  }
  out.changes = c.summary
    .map((s) => ({ removed: s.before.trim(), added: s.after.trim(), ...(s.ruleId ? { why: s.explanation } : {}) }))
    .filter((s) => s.removed || s.added);
  return out;
}

/** A word-level diff for the side-by-side view: each pane's parts and the list of changes. */
export function wordDiff(before: string, after: string): WordDiff {
  const parts = diffWordsWithSpace(before, after);
  const out: WordDiff = { before: [], after: [], changes: [] };
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (!p.added && !p.removed) {
      out.before.push({ text: p.value, kind: 'same' });
      out.after.push({ text: p.value, kind: 'same' });
      continue;
    }
    if (p.removed) {
      out.before.push({ text: p.value, kind: 'removed' });
      const next = parts[i + 1];
      if (next?.added) {
        out.after.push({ text: next.value, kind: 'added' });
        out.changes.push({ removed: p.value.trim(), added: next.value.trim() });
        i++;
      } else out.changes.push({ removed: p.value.trim(), added: '' });
      continue;
    }
    out.after.push({ text: p.value, kind: 'added' });
    out.changes.push({ removed: '', added: p.value.trim() });
  }
  out.changes = out.changes.filter((c) => c.removed || c.added);
  return out;
}
