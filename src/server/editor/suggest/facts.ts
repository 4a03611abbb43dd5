import { buildDocument, type Doc } from '../text/document';
import { countWords } from '../text/words';
import { surnamesIn } from './clause';

export interface StorySentence {
  /** The sentence without its dateline. */
  text: string;
  /** Offset of `text` in the story. */
  start: number;
  index: number;
  /** True when the sentence is mostly a quotation. */
  quote: boolean;
  /** True for a section label or a line without a sentence's end ("Police blotter"). */
  label: boolean;
}

export interface Story {
  text: string;
  doc: Doc;
  sentences: StorySentence[];
  /** The dateline's place ("SPRINGFIELD, Ill."), when the story has one. */
  dateline: { city: string; state: string | null } | null;
  /** Whether the copy writes curly quotation marks. */
  curly: boolean;
  /** Last names of the people named ("Wells" is a person, not wells). */
  surnames: ReadonlySet<string>;
  /** Spans the review still flags (a misspelling with no safe fix): a phrase on one is left out. */
  flagged: readonly { start: number; end: number }[];
}

export function readStory(text: string, flagged: Story['flagged'] = []): Story {
  const doc = buildDocument(text);
  const sentences = doc.sentences.map((s): StorySentence => {
    const dateline = doc.datelines.find((d) => d.start >= s.start && d.start < s.end);
    const start = dateline ? dateline.end : s.start;
    const body = text.slice(start, s.end).trim();
    const offset = text.indexOf(body, start);
    const quoted = doc.quotes.filter((q) => q.start >= s.start - 1 && q.end <= s.end + 1).reduce((n, q) => n + (q.end - q.start), 0);
    const label =
      doc.labels.some((l) => l.start < s.end && l.end > s.start && l.end - l.start >= body.length - 1) || !/[.!?]["”’']?$/.test(body);
    return { text: body, start: offset, index: s.index, quote: quoted > body.length * 0.5 || /^["“]/.test(body), label };
  });
  const first = doc.datelines[0];
  let dateline: Story['dateline'] = null;
  if (first) {
    const m = /^([\p{Lu}.'’ -]+?)(?:, ([^(—–-]+?))?\s*(?:\([^)]*\))?\s*[—–-]/u.exec(text.slice(first.start, first.end));
    if (m) dateline = { city: titleCase(m[1]!.trim()), state: m[2]?.trim() ?? null };
  }
  return { text, doc, sentences, dateline, curly: /[“”‘’]/.test(text), surnames: surnamesIn(text), flagged };
}

/** "ST. LOUIS" → "St. Louis". */
function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s.'’-])(\p{Ll})/gu, (_, a: string, b: string) => a + b.toUpperCase());
}

/** Sentences a suggestion may be built from: prose, not a quotation or a label. */
export function factSentences(story: Story, minWords = 5): StorySentence[] {
  return story.sentences.filter((s) => !s.quote && !s.label && countWords(s.text) >= minWords);
}

/** An obituary's age line: "She was 91." */
export function ageAtDeath(story: Story): { age: string; start: number } | null {
  for (const s of story.sentences) {
    const m = /^(?:He|She|They) (?:was|were) (\d{1,3})\.$/.exec(s.text);
    if (m) return { age: m[1]!, start: s.start + s.text.indexOf(m[1]!) };
  }
  return null;
}
