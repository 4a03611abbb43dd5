/**
 * The few Markdown marks a short note from the editor uses (its capabilities): paragraphs, bullet
 * and numbered lists, bold, italics and code. Read without the full renderer, which an empty chat
 * would otherwise download and run only to show this note. Any other mark is read as text.
 */

export type Inline = string | { mark: 'strong' | 'em'; children: Inline[] } | { mark: 'code'; text: string };

export type Block = { kind: 'paragraph'; children: Inline[] } | { kind: 'list'; ordered: boolean; items: Inline[][] };

const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+/;
const QUOTE = /^\s{0,3}>\s?/;
const FENCE = /^\s{0,3}(?:```|~~~)/;

/** The note's blocks: a blank line ends one, a list item starts or continues a list, other lines join a paragraph. */
export function briefMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: inlines(paragraph.join(' ')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(inlines) });
    paragraph = [];
    list = null;
  };

  for (const raw of source.split(/\r?\n/)) {
    if (FENCE.test(raw)) continue;
    const line = raw.replace(HEADING, '').replace(QUOTE, '').trim();
    if (line === '') {
      flush();
      continue;
    }
    const item = LIST_ITEM.exec(raw);
    if (item) {
      const ordered = item[2] !== undefined;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[3]!.trim());
    } else if (list) {
      // A line under an item, not set apart by a blank line, carries on that item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|<>~]/;
const CODE = /(`+)([\s\S]*?[^`])\1(?!`)/y;
const LINK = /!?\[([^\]]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/y;

/** Bold (** or __), italics (* or _, not inside a word), code and link text, in one line of text. */
export function inlines(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const push = (...nodes: Inline[]) => {
    if (plain) out.push(plain);
    plain = '';
    out.push(...nodes);
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      CODE.lastIndex = i;
      const code = CODE.exec(text);
      if (code) {
        push({ mark: 'code', text: code[2]!.trim() });
        i = CODE.lastIndex;
        continue;
      }
    }
    if (ch === '[' || (ch === '!' && text[i + 1] === '[')) {
      LINK.lastIndex = i;
      const link = LINK.exec(text);
      if (link) {
        push(...inlines(link[1]!));
        i = LINK.lastIndex;
        continue;
      }
    }
    if (ch === '*' || ch === '_') {
      const emphasis = emphasisAt(text, i);
      if (emphasis) {
        push({ mark: emphasis.strong ? 'strong' : 'em', children: inlines(emphasis.inner) });
        i = emphasis.end;
        continue;
      }
    }
    plain += ch;
    i += 1;
  }
  if (plain) out.push(plain);
  return out;
}

const WORD = /[\p{L}\p{N}]/u;

/** The emphasis that opens at `start`, if its closing mark is on the line: `_` never opens or closes inside a word. */
function emphasisAt(text: string, start: number): { strong: boolean; inner: string; end: number } | null {
  const ch = text[start]!;
  const strong = text[start + 1] === ch;
  const mark = strong ? ch + ch : ch;
  const open = start + mark.length;
  if (open >= text.length || /\s/.test(text[open]!)) return null;
  if (ch === '_' && start > 0 && WORD.test(text[start - 1]!)) return null;
  for (let close = text.indexOf(mark, open + 1); close !== -1; close = text.indexOf(mark, close + 1)) {
    if (/\s/.test(text[close - 1]!)) continue;
    // `**` is not closed by the first star of a later `**`, nor `*` by half of one.
    if (!strong && text[close + 1] === ch) {
      close += 1;
      continue;
    }
    if (ch === '_' && close + mark.length < text.length && WORD.test(text[close + mark.length]!)) continue;
    return { strong, inner: text.slice(open, close), end: close + mark.length };
  }
  return null;
}
