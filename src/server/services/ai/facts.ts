import { MONTH_FORMS, monthName, WEEKDAYS } from '../../editor/text/dates';
import { buildDocument, type Doc } from '../../editor/text/document';
import { tokens, type Token } from '../../editor/text/nlp';
import { SPELLED_ANY, spelledValue } from '../../editor/text/numbers';

/** Something the model's revised copy states that the writer's copy does not support. */
export type UnsupportedFact =
  | { kind: 'figure' | 'name' | 'date'; model: string }
  /** A statement whose sense the model turned around: `writer` is the writer's words for it. */
  | { kind: 'negation'; model: string; writer: string };

/** The writer's copy read this far at most (the sentence tagger takes about 3 ms per 1,000 words). */
const WRITER_MAX_CHARS = 200_000;
/** A paragraph is the writer's copy revised when this share of its own words (outside quotations) is the writer's. */
const ECHO_MIN_SHARE = 0.6;
const ECHO_MIN_WORDS = 3;
/** A writer's sentence is the one a model's sentence restates when this share of the model's words is in it. */
const ALIGN_MIN_SHARE = 0.5;
const ALIGN_MIN_WORDS = 2;
/** With no statement to compare (the tagger missed the verb), sentences this close are compared whole. */
const RESTATED_MIN_SHARE = 0.75;

const CONTENT = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
const NOUNISH = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
const PHRASE = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM']);
const NEGATORS = new Set(['not', "n't", 'no', 'never', 'nothing', 'none', 'nobody', 'neither', 'nor']);

const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12 };
const FIGURE = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(?:\\$\\s?)?(?:(\\d[\\d,]*(?:\\.\\d+)?)|\\b(${SPELLED_ANY}))(?:st|nd|rd|th)?` +
    `(?:\\s(thousand|million|billion|trillion)\\b|(bn|[mb])\\b)?(?:\\s?(?:%|percent\\b))?(?![\\p{L}\\p{N}])`,
  'giu',
);
const WEEKDAY = new RegExp(`\\b(?:${WEEKDAYS.join('|')})\\b`, 'gi');
const MONTH_DAY = new RegExp(`\\b(${MONTH_FORMS})(?!\\p{L})(?:\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b)?`, 'gu');

const keysOf = (t: Token) => [t.text.toLowerCase().replace(/\.$/, ''), t.lemma.replace(/\.$/, '')];
const isNegator = (t: Token) => NEGATORS.has(t.text.toLowerCase()) || (t.pos === 'PART' && t.lemma === 'not');

interface Clause {
  /** The head of its subject, unless the subject is a pronoun or missing. */
  subject: string[];
  verb: string[];
  negated: boolean;
  text: string;
}

interface Sentence {
  text: string;
  /** Each content word's forms (as written, lemma). */
  content: string[][];
  words: Set<string>;
  clauses: Clause[];
  negated: boolean;
}

/** The copy's words as a document, with what lies inside quotations left out. */
function read(text: string): { doc: Doc; words: Token[] } {
  const doc = buildDocument(text);
  return { doc, words: tokens(doc).filter((t) => !doc.inQuote(t.start, t.end)) };
}

/**
 * Subject, verb group and object of each finite verb in a sentence, read from
 * parts of speech: enough to tell that "taxes will rise" says the opposite of
 * "property taxes would not increase".
 */
function clausesOf(text: string, words: readonly Token[]): Clause[] {
  const out: Clause[] = [];
  for (let i = 0; i < words.length; i++) {
    const isVerb = (t: Token | undefined) => t !== undefined && (t.pos === 'VERB' || t.pos === 'AUX');
    if (!isVerb(words[i]) || isVerb(words[i - 1]) || (words[i - 1] && isNegator(words[i - 1]!) && isVerb(words[i - 2]))) continue;
    let end = i;
    while (end + 1 < words.length && (isVerb(words[end + 1]) || (isNegator(words[end + 1]!) && words[end + 1]!.pos !== 'DET'))) end++;
    let from = i;
    while (from > 0 && PHRASE.has(words[from - 1]!.pos)) from--;
    let to = end;
    while (to + 1 < words.length && PHRASE.has(words[to + 1]!.pos) && to - end < 4) to++;
    // A noun phrase followed by its own verb is that verb's subject, not this one's object.
    if (to > end && isVerb(words[to + 1])) to = end;
    const group = words.slice(i, end + 1);
    const main = [...group].reverse().find((t) => t.pos === 'VERB') ?? group.at(-1)!;
    const head = from < i ? words[i - 1]! : undefined;
    out.push({
      subject: head && NOUNISH.has(head.pos) && head.pos !== 'PRON' ? keysOf(head) : [],
      verb: keysOf(main),
      negated: words.slice(from, to + 1).some(isNegator),
      text: text.slice(words[from]!.start, words[to]!.end),
    });
  }
  return out;
}

function sentencesOf(doc: Doc, words: readonly Token[]): Sentence[] {
  return doc.sentences.map((s) => {
    const own = words.filter((t) => t.start >= s.start && t.end <= s.end);
    const content = own.filter((t) => CONTENT.has(t.pos)).map(keysOf);
    return {
      text: s.text.trim(),
      content,
      words: new Set(content.flat()),
      clauses: clausesOf(doc.text, own),
      negated: own.some(isNegator),
    };
  });
}

function figures(text: string): Array<{ text: string; value: number; bare: number; start: number; end: number }> {
  const out = [];
  for (const m of text.matchAll(FIGURE)) {
    // "one" is a word far more often than a figure.
    if (m[2] && /^one$/i.test(m[2])) continue;
    const bare = m[1] ? Number(m[1].replace(/,/g, '')) : spelledValue(m[2]!);
    if (bare === null || Number.isNaN(bare)) continue;
    const unit = m[3] ?? m[4];
    const scale = unit ? (SCALE[unit.toLowerCase()] ?? 1) : 1;
    out.push({ text: m[0].trim(), value: bare * scale, bare, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function dates(text: string): Array<{ text: string; key: string; start: number; end: number }> {
  const out = [];
  for (const m of text.matchAll(WEEKDAY)) out.push({ text: m[0], key: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(MONTH_DAY)) {
    const month = monthName(m[1]!);
    // "May" and "March" are words too: only a month written with its day is read as a date.
    if (!month || (!m[2] && /^(?:may|march)$/i.test(m[1]!))) continue;
    out.push({ text: m[0], key: m[2] ? `${month} ${Number(m[2])}` : month, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Capitalised runs with a proper noun in them ("Susan Park"); a lone capital opening a sentence is not read as a name. */
function names(doc: Doc, words: readonly Token[]): Token[][] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  const close = () => {
    if (run.some((t) => t.pos === 'PROPN') && !(run.length === 1 && doc.startsSentence(run[0]!.start))) runs.push(run);
    run = [];
  };
  for (const t of words) {
    const joins = /^\p{Lu}/u.test(t.text) && (t.pos === 'PROPN' || t.pos === 'NOUN' || t.pos === 'ADJ');
    const adjacent = run.length > 0 && /^\s?$/.test(doc.text.slice(run.at(-1)!.end, t.start));
    if (!joins || !adjacent) close();
    if (joins) run.push(t);
  }
  close();
  return runs;
}

/**
 * The writer's copy as the check of a model's revision reads it: its words and
 * lemmas, figures, dates and statements. Built from the same sources as the
 * writer's quotations (every message the writer sent, their documents).
 */
export class WriterCopy {
  private readonly words = new Set<string>();
  private readonly abbreviations = new Set<string>();
  private readonly values = new Set<number>();
  private readonly dateKeys = new Set<string>();
  private readonly sentences: Sentence[];

  constructor(sources: readonly string[]) {
    const text = sources.join('\n\n').slice(0, WRITER_MAX_CHARS);
    const doc = buildDocument(text);
    const all = tokens(doc);
    for (const t of all) {
      keysOf(t).forEach((k) => this.words.add(k));
      const stem = /^(\p{L}{3,})\.$/u.exec(t.text)?.[1];
      if (stem) this.abbreviations.add(stem.toLowerCase());
    }
    for (const f of figures(text)) this.values.add(f.value).add(f.bare);
    // Figures run into their units ("7pm", "5km") are the writer's too.
    for (const m of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) this.values.add(Number(m[0].replace(/,/g, '')));
    for (const d of dates(text)) this.dateKeys.add(d.key).add(d.key.split(' ')[0]!);
    // The writer's quotations are statements too: a model may restate one outside quotation marks.
    this.sentences = sentencesOf(doc, all);
  }

  private has(t: Token): boolean {
    if (keysOf(t).some((k) => this.words.has(k))) return true;
    // An abbreviation of a word the writer used ("Gov." for governor), or the word the writer abbreviated.
    const stem = /^(\p{L}{2,})\.$/u.exec(t.text)?.[1]?.toLowerCase();
    if (stem) return [...this.words].some((w) => w.startsWith(stem));
    const word = t.text.toLowerCase();
    return [...this.abbreviations].some((a) => word.startsWith(a));
  }

  /** Whether a paragraph of the answer is the writer's copy revised: most of its own words are the writer's. */
  echoes(paragraph: string): boolean {
    const own = read(paragraph).words.filter((t) => CONTENT.has(t.pos));
    if (own.length < ECHO_MIN_WORDS) return false;
    return own.filter((t) => this.has(t)).length / own.length >= ECHO_MIN_SHARE;
  }

  /** Figures, names, dates and reversed statements in the revised copy that the writer's copy does not support. */
  unsupported(revised: string): UnsupportedFact[] {
    const out: UnsupportedFact[] = [];
    const { doc, words } = read(revised);
    const text = doc.outsideQuotes;
    const dated = dates(text);
    for (const d of dated) if (!this.dateKeys.has(d.key)) out.push({ kind: 'date', model: d.text });
    // A tally ("6-1") is one figure, the writer's only when both its numbers are.
    const tallies = [...text.matchAll(/(?<![\p{N}-])(\d{1,3})-(\d{1,3})(?![\p{N}-])/gu)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
    }));
    for (const t of tallies) {
      const parts = text.slice(t.start, t.end).split('-').map(Number);
      if (!parts.every((n) => this.values.has(n))) out.push({ kind: 'figure', model: text.slice(t.start, t.end) });
    }
    for (const f of figures(text)) {
      if ([...dated, ...tallies].some((d) => f.start < d.end && d.start < f.end)) continue;
      if (!this.values.has(f.value)) out.push({ kind: 'figure', model: f.text });
    }
    const calendar = new Set([...WEEKDAYS, ...dated.map((d) => d.text)].map((w) => w.toLowerCase()));
    for (const run of names(doc, words)) {
      const checked = run.filter((t) => !calendar.has(t.text.toLowerCase()) && !monthName(t.text));
      if (checked.some((t) => !this.has(t))) out.push({ kind: 'name', model: revised.slice(run[0]!.start, run.at(-1)!.end) });
    }
    for (const s of sentencesOf(doc, words)) out.push(...this.reversals(s));
    return out;
  }

  /** Statements of a revised sentence whose sense is the opposite of the writer's sentence it restates. */
  private reversals(model: Sentence): UnsupportedFact[] {
    const size = model.content.length;
    if (size === 0) return [];
    const shared = (w: Sentence) => model.content.filter((forms) => forms.some((k) => w.words.has(k))).length;
    const aligned = this.sentences
      .map((w) => ({ w, n: shared(w) }))
      .filter(({ n }) => n >= ALIGN_MIN_WORDS && n / size >= ALIGN_MIN_SHARE)
      .sort((a, b) => b.n - a.n)
      .slice(0, 2);
    const clauses = aligned.flatMap(({ w }) => w.clauses);
    const out: UnsupportedFact[] = [];
    let compared = false;
    for (const clause of model.clauses) {
      const same = (w: Clause) => w.subject.some((k) => clause.subject.includes(k)) || w.verb.some((k) => clause.verb.includes(k));
      const matching = clauses.filter(same);
      compared ||= matching.length > 0;
      if (matching.some((w) => w.negated === clause.negated)) continue;
      const opposite = matching.find((w) => w.negated !== clause.negated);
      if (opposite) out.push({ kind: 'negation', model: clause.text, writer: opposite.text });
    }
    const best = aligned[0];
    if (!compared && best && best.n / size >= RESTATED_MIN_SHARE && best.w.negated !== model.negated)
      out.push({ kind: 'negation', model: model.text, writer: best.w.text });
    return out;
  }
}
