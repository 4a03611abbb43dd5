import { tagWords, type Word } from './nlp';
import { AP_STATES, render as renderWords } from './style';
import { finiteCandidate, ING_ADJECTIVES, isFuture, isModal, lemmaIs, PARTICLES, PAST_ONLY, SAYING, textIs, verbForm } from './verbs';

/**
 * A sentence's main clause, found by part of speech: the subject, the verb
 * group and what follows it cut into phrases a headline may keep or drop.
 */
export interface Clause {
  /** The subject's words, modifiers and all (ages and "of Place" asides removed). */
  subject: Word[];
  /** The subject's core: its words before any comma, relative clause or participle. */
  core: Word[];
  plural: boolean;
  verb: VerbGroup;
  segments: Segment[];
  /** Who said it, when the sentence is attributed ("police said", "a study found"). */
  attribution: Attribution | null;
  /** The sentence the clause comes from (dateline removed). */
  text: string;
  /** The sentence's day ("Tuesday", "late Saturday"), for a caption's when. */
  when: string | null;
}

export interface Attribution {
  speaker: Word[];
  verb: Word;
  /** "Harwell Foods said Thursday that …" (head) or "…, police said" (tail). */
  at: 'head' | 'tail';
  /** A tail attribution as written, after its comma: "Utilities Director Karen Mosley told the council". */
  words: Word[];
}

export type VerbKind = 'active' | 'passive' | 'future' | 'future-passive' | 'modal' | 'negative' | 'as-written';

export interface VerbGroup {
  words: Word[];
  /** The lexical verb (or the copula when there is none). */
  main: Word;
  kind: VerbKind;
}

export type SegmentKind = 'core' | 'pp' | 'of' | 'clause' | 'participle' | 'aside' | 'coord' | 'inf' | 'adverb' | 'date';

export interface Segment {
  kind: SegmentKind;
  words: Word[];
  /** Index of the segment this one modifies (dropped with it), or -1 for the verb. */
  owner: number;
}

const INTRO_ADVERBS =
  /^(?:meanwhile|however|still|later|earlier|previously|also|then|now|instead|already|eventually|initially|separately|elsewhere|overall|today|afterward|afterwards|recently|nationally|statewide|nationwide)$/i;
const RELATIVE = /^(?:who|whom|whose|which|that|where)$/i;
const SUBORDINATE = /^(?:after|before|because|as|while|when|whenever|if|although|though|since|until|unless|once|whereas|so)$/i;
const WEEKDAY = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/;
const DAY_PARTS = /^(?:morning|afternoon|evening|night|overnight)$/i;
const RELATIVE_DAYS = /^(?:yesterday|today|tonight|tomorrow)$/i;

/** Verbs that take an object: in the past form with a preposition instead, they are participles ("a man charged in …"). */
export const TRANSITIVE =
  /^(?:charge|arrest|accuse|convict|indict|sentence|suspect|injure|kill|wound|hospitalize|name|elect|appoint|hire|fire|base|locate|found|own|operate|build|make|sell|buy|give|find|hold|know|call|involve|employ|want|identify|describe|release|send|treat|take|bring|cite|book|jail|survey|question|interview|hurt|strike|rescue|evacuate|transport|fine|sue|honor|award|pay|sign|approve|pass|reject|schedule|set|elect|list|require|design|train|rank)$/;

/** Verbs that in the past form with no object are always the passive participle ("a man charged in …", "known as"). */
export const PARTICIPLE_WITHOUT_OBJECT =
  /^(?:charge|arrest|accuse|convict|indict|sentence|suspect|injure|kill|wound|hospitalize|cite|book|jail|fine|sue|question|interview|identify|name|base|locate|know|involve|hurt|rescue|evacuate|transport|elect|appoint)$/;

/** Verbs whose object takes an infinitive ("required schools to teach"). */
const OBJECT_INFINITIVE =
  /^(?:require|ask|allow|force|tell|urge|order|want|expect|encourage|help|enable|persuade|cause|lead|permit|invite|advise|pay|hire|train|use)$/;

/** Verbs complete without an object ("who died"). */
const INTRANSITIVE = /^(?:die|live|work|retire|serve|vote|win|lose|arrive|leave|resign|graduate|fall|rise|grow|close|open)$/;

/** Nouns that are clipped without their "of" or "with" ("an average of $24.50", "in connection with a fire"). */
const BOUND =
  /^(?:average|total|majority|quarter|third|fifth|tenth|dozen|share|number|percent|half|most|rest|part|end|series|lot|pair|group|couple|connection|front|behalf|favor|top|bottom|middle|edge|start|beginning|center|heart|kind|sort|type|one|some|all|none|each|any|many|several|both|addition|response|charge|honor|place|result|case|terms|spite|lack|amount|loss|percentage|portion|fraction|dozens|hundreds|thousands|millions|cost|price|value|rate|sum)$/i;
const isComma = (w: Word | undefined) => !!w && /^[,;]$/.test(w.text);
const isEnd = (w: Word | undefined) => !!w && w.pos === 'PUNCT' && /^[.!?]$/.test(w.text);
const nominal = (w: Word | undefined) => !!w && (['NOUN', 'PROPN', 'NUM', 'PRON'].includes(w.pos) || w.compound);

/** The length of a day expression starting at i ("on Tuesday", "late Saturday night", "last weekend"), or 0. */
export function dateAt(words: readonly Word[], i: number): number {
  let j = i;
  if (textIs(words[j], 'on') && WEEKDAY.test(words[j + 1]?.text ?? '')) j++;
  if (
    textIs(words[j], 'late', 'early', 'last', 'this', 'next', 'earlier') &&
    (WEEKDAY.test(words[j + 1]?.text ?? '') || textIs(words[j + 1], 'week', 'weekend', 'night'))
  )
    j++;
  if (WEEKDAY.test(words[j]?.text ?? '')) {
    j++;
    if (DAY_PARTS.test(words[j]?.text ?? '')) j++;
    return j - i;
  }
  if (j > i && textIs(words[j], 'week', 'weekend', 'night')) return j + 1 - i;
  if (textIs(words[i], 'this', 'last', 'next') && textIs(words[i + 1], 'year', 'season', 'spring', 'summer', 'fall', 'winter', 'month'))
    return 2;
  if (RELATIVE_DAYS.test(words[j]?.text ?? '')) return j + 1 - i;
  return 0;
}

/** The length of a clock time starting at i ("at 6:12 a.m.", "shortly before 3 a.m.", "around noon"), or 0. */
function timeAt(words: readonly Word[], i: number): number {
  let j = i;
  if (textIs(words[j], 'shortly', 'just')) j++;
  if (textIs(words[j], 'at', 'around', 'about', 'before', 'after', 'by', 'until')) j++;
  if (/^\d{1,2}(?::\d\d)?$/.test(words[j]?.text ?? '') && /^[ap]\.m\.?$/i.test(words[j + 1]?.text ?? '')) return j + 2 - i;
  if (j > i && textIs(words[j], 'noon', 'midnight')) return j + 1 - i;
  return 0;
}

/** End of the verb group starting at i (auxiliaries, "not", adverbs, the lexical verb). */
function verbGroupEnd(words: readonly Word[], i: number): number {
  let j = i;
  while (j < words.length) {
    const w = words[j]!;
    if (w.pos === 'AUX' || textIs(w, 'not', "n't", 'n’t', 'never', 'also', 'still')) {
      j++;
      continue;
    }
    if (w.pos === 'ADV' && (words[j + 1]?.pos === 'VERB' || words[j + 1]?.pos === 'AUX')) {
      j++;
      continue;
    }
    if (w.pos === 'VERB' && !w.compound) return PARTICLES.test(words[j + 1]?.text ?? '') && particleAfter(words, j + 1) ? j + 2 : j + 1;
    const prev = words[j - 1];
    if (
      j > i &&
      prev &&
      (isModal(prev) || textIs(prev, 'to')) &&
      /^\p{Ll}+$/u.test(w.text) &&
      !['DET', 'NUM', 'ADP', 'PRON', 'CCONJ', 'PART'].includes(w.pos)
    ) {
      w.pos = 'VERB';
      w.lemma = w.text.toLowerCase();
      return j + 1;
    }
    return j;
  }
  return j;
}

/** Whether the word after a verb is its particle ("fell through when", "set aside $120 million"), not a preposition. */
function particleAfter(words: readonly Word[], i: number): boolean {
  const w = words[i]!;
  const next = words[i + 1];
  if (/^(?:out|off|away|back|aside)$/i.test(w.text)) return true;
  return !next || isComma(next) || isEnd(next) || SUBORDINATE.test(next.text) || next.pos === 'ADP' || next.pos === 'SCONJ';
}

/** Whether a past form right after a noun modifies it ("a pastor convicted of theft was sentenced"). */
function reducedRelative(words: readonly Word[], i: number): boolean {
  const w = words[i]!;
  if (w.pos !== 'VERB' || verbForm(w) !== 'past' || PAST_ONLY.has(w.text.toLowerCase())) return false;
  const prev = words[i - 1];
  // ", based in Denver," set off by commas after a noun
  const setOff = isComma(prev) && nominal(words[i - 2]);
  if (!setOff && (!nominal(prev) || prev!.pos === 'PRON')) return false;
  const next = words[i + 1];
  if (!next || !(next.pos === 'ADP' || textIs(next, 'by'))) return false;
  // set off by commas, it may sit inside a compound subject: "The agency, known as TriMet, and the union have …"
  let closed = false;
  for (let j = i + 1; j < words.length; j++) {
    const x = words[j]!;
    if (setOff && isComma(x)) {
      closed = true;
      continue;
    }
    if (isEnd(x) || RELATIVE.test(x.text) || SUBORDINATE.test(x.text) || x.pos === 'SCONJ') return false;
    if (!(setOff && closed) && (isComma(x) || x.pos === 'CCONJ')) return false;
    if (finiteCandidate(words, j) && (x.pos === 'AUX' || TRANSITIVE.test(w.lemma))) return true;
  }
  return false;
}

/**
 * The index of the main clause's finite verb at or after `from`, skipping verbs of
 * relative and subordinate clauses and participles that modify a noun.
 */
export function mainVerbIndex(words: readonly Word[], from: number, to = words.length): number {
  const found = findMainVerb(words, from, to);
  // "Dana Ruiz cast the only vote": a name, then a word the tagger took for a noun, then an article
  const rescue = words.findIndex(
    (w, i) =>
      i > from && i < to && w.pos === 'NOUN' && /^\p{Ll}+$/u.test(w.text) && words[i - 1]!.pos === 'PROPN' && words[i + 1]?.pos === 'DET',
  );
  if (rescue > 0 && (found < 0 || rescue < found)) {
    const w = words[rescue] as Word;
    w.pos = 'VERB';
    return rescue;
  }
  return found;
}

function findMainVerb(words: readonly Word[], from: number, to: number): number {
  let inSubordinate = false;
  let subordinateVerb = false;
  // a relative clause set off by a comma (", who taught …,") ends only at a comma
  let closedByComma = false;
  for (let i = from; i < to; i++) {
    const w = words[i]!;
    if (isComma(w)) {
      if (inSubordinate && (subordinateVerb || closedByComma)) inSubordinate = false;
      continue;
    }
    if (inSubordinate && closedByComma) continue;
    if (
      i > from &&
      (RELATIVE.test(w.text) || (SUBORDINATE.test(w.text) && w.pos !== 'ADV')) &&
      ['PRON', 'SCONJ', 'ADP', 'DET', 'ADV'].includes(w.pos)
    ) {
      inSubordinate = true;
      subordinateVerb = false;
      closedByComma = isComma(words[i - 1]) && RELATIVE.test(w.text);
      continue;
    }
    if (!finiteCandidate(words, i)) continue;
    if (inSubordinate && (!subordinateVerb || words[i - 1]?.pos === 'CCONJ')) {
      subordinateVerb = true;
      i = verbGroupEnd(words, i) - 1;
      continue;
    }
    if (!inSubordinate && reducedRelative(words, i)) continue;
    return i;
  }
  return -1;
}

/** Classifies a verb group headline-wise. */
function verbGroup(words: readonly Word[], start: number, end: number): VerbGroup {
  const group = words.slice(start, end);
  const auxes = group.filter((w) => w.pos === 'AUX');
  const lexical = [...group].reverse().find((w) => w.pos === 'VERB') ?? auxes[auxes.length - 1] ?? group[0]!;
  const negated = group.some((w) => textIs(w, 'not', "n't", 'n’t', 'never'));
  const hasBe = auxes.some((a) => lemmaIs(a, 'be'));
  const passive =
    lexical.pos === 'VERB' && hasBe && verbForm(lexical) === 'past' && !textIs(auxes[auxes.length - 1], 'being')
      ? true
      : hasBe && lexical.pos === 'VERB' && verbForm(lexical) === 'past';
  let kind: VerbKind = lexical.pos === 'VERB' && ING_ADJECTIVES.test(lexical.text) ? 'as-written' : 'active';
  if (auxes.some(isFuture)) kind = passive ? 'future-passive' : 'future';
  else if (auxes.some((a) => isModal(a))) kind = 'modal';
  else if (passive) kind = 'passive';
  else if (negated && kind === 'active') kind = 'negative';
  return { words: group, main: lexical, kind };
}

/** Removes ", 52," ages and ", of Chatham," hometowns from a subject. */
function withoutAsides(words: readonly Word[]): Word[] {
  /** The end of an age (", 52") or hometown (", of Chatham") aside starting at the comma i, or -1. */
  const asideEnd = (i: number): number => {
    let j = i + 1;
    if (/^\d{1,3}$/.test(words[j]?.text ?? '')) j++;
    else if (textIs(words[j], 'of') && words[j + 1]?.pos === 'PROPN') {
      j += 2;
      while (words[j]?.pos === 'PROPN') j++;
      // ", of Kenosha, Wisconsin,"
      if (isComma(words[j]) && words[j + 1]?.pos === 'PROPN' && (isComma(words[j + 2]) || isEnd(words[j + 2]) || j + 2 >= words.length))
        j += 2;
    } else return -1;
    return isComma(words[j]) || isEnd(words[j]) || j >= words.length ? j : -1;
  };
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (isComma(w) && asideEnd(i) >= 0) {
      let j = asideEnd(i);
      while (isComma(words[j]) && asideEnd(j) >= 0) j = asideEnd(j);
      // the aside's closing comma goes with it; a sentence's end stays
      i = isComma(words[j]) ? j : j - 1;
      continue;
    }
    out.push(w);
  }
  while (out.length && isComma(out[out.length - 1])) out.pop();
  return out;
}

const STATE_NAME = new RegExp(
  `^(?:${[
    ...Object.keys(AP_STATES),
    ...Object.values(AP_STATES),
    'Alaska',
    'Hawaii',
    'Idaho',
    'Iowa',
    'Maine',
    'Ohio',
    'Texas',
    'Utah',
    'D.C.',
  ]
    .map((n) => n.replace(/\./g, '\\.'))
    .join('|')})$`,
);

/**
 * The length of ", Illinois," (comma, state, comma) after a place at i, or 0: the
 * commas of "a Peoria, Illinois, woman" belong to the place, not to an aside.
 */
export function stateAfter(words: readonly Word[], i: number): number {
  if (!isComma(words[i]) || words[i - 1]?.pos !== 'PROPN') return 0;
  for (const n of [1, 2]) {
    const name = words
      .slice(i + 1, i + 1 + n)
      .map((w) => w.text)
      .join(' ');
    if (STATE_NAME.test(name)) return isComma(words[i + 1 + n]) ? n + 2 : n + 1;
  }
  return 0;
}

/** The subject's core: words up to the first comma, relative pronoun, participle or day. */
function coreOf(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const state = stateAfter(words, i);
    if (state) {
      out.push(...words.slice(i, i + state));
      i += state - 1;
      continue;
    }
    // a restrictive clause ("people who walked 7,000 steps a day") is the subject's meaning and stays
    const restrictive = words.slice(0, i).some((x, k) => RELATIVE.test(x.text) && !isComma(words[k - 1]));
    if (
      isComma(w) ||
      (RELATIVE.test(w.text) && isComma(words[i - 1])) ||
      (w.pos === 'VERB' && !w.compound && i > 0 && !/^\p{Lu}/u.test(w.text) && !restrictive) ||
      dateAt(words, i) > 0
    )
      break;
    out.push(w);
  }
  return out;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** Last names in a text ("Amy Wells" → "Wells"), so "Wells said" is one person. */
export function surnamesIn(text: string): Set<string> {
  return new Set(
    [
      ...text.matchAll(
        /\b(?:\p{Lu}\p{Ll}+|Dr\.|Mr\.|Mrs\.|Ms\.|Gov\.|Sen\.|Rep\.|Sgt\.|Lt\.|Capt\.|Det\.) (\p{Lu}\p{Ll}+)\b(?![.'’]?\s*\p{Lu}\p{Ll})/gu,
      ),
    ].map((m) => m[1]!),
  );
}

/** Whether a capitalised word is a common noun in the plural ("Volunteers" at a sentence's start, not "Hastings"). */
export function commonPlural(text: string, surnames: ReadonlySet<string> = NO_NAMES): boolean {
  if (surnames.has(text)) return false;
  const lower = text.toLowerCase();
  const w = tagWords(`the ${lower} said`)[1];
  return !!w && w.pos === 'NOUN' && w.lemma !== lower;
}

const IRREGULAR_PLURALS = /^(?:people|children|men|women|police|feet|teeth|mice|geese|cattle|staff)$/i;

function isPlural(core: readonly Word[], verb: VerbGroup, surnames: ReadonlySet<string>): boolean {
  const first = verb.words[0]!.text.toLowerCase();
  if (['are', 'were', 'have'].includes(first)) return true;
  if (['is', 'was', 'has'].includes(first) || verbForm(verb.words[0]!) === 'third') return false;
  const ofAt = core.findIndex((w, k) => k > 0 && w.pos === 'ADP');
  const np = ofAt > 0 ? core.slice(0, ofAt) : core;
  if (np.some((w) => textIs(w, 'and'))) return true;
  const head = [...np].reverse().find((w) => w.pos === 'NOUN' || w.pos === 'PROPN' || w.pos === 'PRON');
  if (!head) return np.some((w) => w.pos === 'NUM' && !/^(?:one|1)$/i.test(w.text));
  if (head.pos === 'PRON') return textIs(head, 'they', 'we', 'you');
  if (head.pos === 'PROPN')
    return (
      IRREGULAR_PLURALS.test(head.text) ||
      (/[^su]s$/.test(head.text) &&
        (textIs(np[0], 'the') || (np.length === 1 && /^\p{Lu}\p{Ll}+s$/u.test(head.text) && commonPlural(head.text, surnames))))
    );
  return (head.text.toLowerCase() !== head.lemma.toLowerCase() || IRREGULAR_PLURALS.test(head.text)) && !/['’]s$/.test(head.text);
}

/** Where the clause's words end: before the sentence's final punctuation. */
function clauseEnd(words: readonly Word[], from: number): number {
  let end = words.length;
  while (end > from && words[end - 1]!.pos === 'PUNCT' && /^[.!?;:]$/.test(words[end - 1]!.text)) end--;
  return end;
}

/** Whether a finite verb follows before the next comma (the words start a clause). */
function clauseAhead(words: readonly Word[], from: number, to: number): boolean {
  for (let j = from; j < to; j++) {
    // "after a chase that ended …": the verb belongs to a relative clause, the words are a phrase
    if (isComma(words[j]) || (j > from && RELATIVE.test(words[j]!.text))) return false;
    if (finiteCandidate(words, j)) return true;
  }
  return false;
}

/** Whether the words after a comma finish a list ("eggs, hash and coffee"): a few nouns, then "and" or "or". */
function listContinues(words: readonly Word[], from: number, to: number): boolean {
  for (let j = from; j < Math.min(to, from + 6); j++) {
    const w = words[j]!;
    if (isComma(w)) continue;
    if (textIs(w, 'and', 'or')) return j > from && nominal(words[j + 1]) && !clauseAhead(words, j + 1, to);
    if (!(w.pos === 'NOUN' || w.pos === 'PROPN' || w.pos === 'ADJ' || w.pos === 'NUM' || w.compound)) return false;
  }
  return false;
}

/** Cuts what follows the verb into phrases: the core complement, prepositional phrases, clauses, asides. */
function segment(words: readonly Word[], from: number, to: number): Segment[] {
  const segs: Segment[] = [];
  let cur = null as Segment | null;
  let owner = -1;
  const open = (kind: SegmentKind, own = -1) => {
    cur = { kind, words: [], owner: own };
    segs.push(cur);
    return cur;
  };
  // a relative clause tells about the phrase before it, not the day between them ("a bill Friday that caps …")
  const lastPhrase = () => {
    let k = segs.length - 1;
    while (k >= 0 && segs[k]!.kind === 'date') k--;
    return k;
  };
  const toEnd = (kind: SegmentKind, i: number, own: number, untilComma: boolean) => {
    const seg = open(kind, own);
    let j = i;
    for (; j < to; j++) {
      if (j > i && isComma(words[j])) {
        const next = words[j + 1];
        const list = /^\d/.test(words[j - 1]!.text) || /^\d/.test(next?.text ?? '') || words[j - 2]?.pos === 'NUM';
        if (!list && (untilComma || (textIs(next, 'and', 'but') && clauseAhead(words, j + 2, to)))) break;
      }
      const d = dateAt(words, j);
      if (d) {
        if (seg.words.length && textIs(seg.words[seg.words.length - 1], 'on', 'from', 'through', 'until', 'by') && seg.words.length > 1)
          seg.words.pop();
        j += d - 1;
        continue;
      }
      seg.words.push(words[j]!);
    }
    cur = null;
    if (kind === 'clause' || kind === 'coord') splitClause(seg);
    return j - 1;
  };
  // a clause keeps its subject, verb and object together; its phrases can go one by one
  const splitClause = (seg: Segment) => {
    const local = seg.words;
    const v = local.findIndex((_, k) => k > 0 && finiteCandidate(local, k));
    if (v < 0) return;
    const verbEnd = verbGroupEnd(local, v);
    // a clause splits before a clause of its own ("who died | after an ambulance took 31 minutes"), a second
    // predicate ("cut its forecast | and said …") or, once its verb has its object, a phrase ("beat Eastwood 35-14 | to win …")
    let end = -1;
    for (let k = verbEnd; k < local.length && end < 0; k++) {
      const b = local[k]!;
      if (isComma(b)) break;
      const hasObject = local.slice(verbEnd, k).some(nominal);
      if (
        (SUBORDINATE.test(b.text) && clauseAhead(local, k + 1, local.length) && (k > verbEnd || INTRANSITIVE.test(local[v]!.lemma))) ||
        (b.pos === 'CCONJ' && finiteCandidate(local, k + 1) && hasObject) ||
        (hasObject &&
          (b.pos === 'ADP' || textIs(b, 'to')) &&
          !textIs(b, 'of') &&
          !BOUND.test(local[k - 1]!.lemma) &&
          // a verb's own phrase ("flames coming | from …") and a particle after the object ("leave students | behind") stay
          local[k - 1]!.pos !== 'VERB' &&
          !(/^(?:behind|out|up|off|away|back|down|aside|over)$/i.test(b.text) && !nominal(local[k + 1]) && local[k + 1]?.pos !== 'DET') &&
          // "required schools | to teach": the verb needs its infinitive
          !(textIs(b, 'to') && OBJECT_INFINITIVE.test(local[v]!.lemma)))
      )
        end = k;
    }
    if (end < 0) return;
    // after a second predicate, a clause of its own tells about the whole sentence ("… and ran for another | as Central beat Eastwood")
    const at = seg.kind === 'coord' && SUBORDINATE.test(local[end]!.text) ? -1 : segs.indexOf(seg);
    seg.words = local.slice(0, end);
    const base = segs.length;
    for (const sub of segment(local, end, local.length)) segs.push({ ...sub, owner: sub.owner >= 0 ? sub.owner + base : at });
  };
  for (let i = from; i < to; i++) {
    const w = words[i]!;
    let day = dateAt(words, i);
    // "the Wednesday morning commute": a day that modifies a noun stays
    if (day && words[i + day]?.pos === 'NOUN') day = 0;
    const d = day || timeAt(words, i);
    if (d) {
      const seg = open('date', -1);
      seg.words.push(...words.slice(i, i + d));
      cur = null;
      i += d - 1;
      continue;
    }
    if (isComma(w)) {
      const next = words[i + 1];
      if (!next) break;
      const state = stateAfter(words, i);
      if (cur && state) {
        // "in Springfield, Illinois, on Tuesday": the closing comma stays only when the phrase goes on
        cur.words.push(...words.slice(i, i + state - (isComma(words[i + state - 1]) ? 1 : 0)));
        i += state - (isComma(words[i + state - 1]) ? 2 : 1);
        continue;
      }
      if (
        cur &&
        ((/^\d/.test(next.text) && (words[i - 1]?.pos === 'NUM' || words[i - 2]?.pos === 'NUM')) || listContinues(words, i + 1, to))
      ) {
        cur.words.push(w);
        continue;
      }
      if (next.pos === 'VERB' && verbForm(next) === 'ing') i = toEnd('participle', i, segs.length - 1, false);
      else if (RELATIVE.test(next.text)) i = toEnd('clause', i, lastPhrase(), true);
      else if (textIs(next, 'and', 'but', 'or') && clauseAhead(words, i + 2, to)) i = toEnd('coord', i, -1, false);
      else if (SUBORDINATE.test(next.text) && clauseAhead(words, i + 2, to)) i = toEnd('clause', i, -1, true);
      else i = toEnd('aside', i, segs.length - 1, true);
      continue;
    }
    if (
      (RELATIVE.test(w.text) && (w.pos === 'PRON' || w.pos === 'SCONJ' || w.pos === 'DET')) ||
      (SUBORDINATE.test(w.text) && clauseAhead(words, i + 1, to))
    ) {
      i = toEnd('clause', i, RELATIVE.test(w.text) ? lastPhrase() : -1, true);
      continue;
    }
    if (w.pos === 'CCONJ' && clauseAhead(words, i + 1, Math.min(to, i + 3))) {
      i = toEnd('coord', i, -1, false);
      continue;
    }
    if (cur && textIs(w, 'to', 'through', 'and') && words[i - 1]?.pos === 'NUM' && words[i + 1]?.pos === 'NUM') {
      cur.words.push(w);
      continue;
    }
    if (textIs(w, 'to') && words[i + 1]?.pos === 'VERB') {
      const own: number = cur ? segs.indexOf(cur) : -1;
      open('inf', segs.length === 0 ? -1 : own).words.push(w);
      owner = segs.length - 1;
      continue;
    }
    if (cur && textIs(w, 'of', 'with', 'to') && BOUND.test(cur.words[cur.words.length - 1]?.lemma ?? '')) {
      cur.words.push(w);
      continue;
    }
    if (cur && (cur.kind === 'pp' || cur.kind === 'of') && (w.pos === 'ADP' || w.pos === 'ADV') && !cur.words.some(nominal)) {
      cur.words.push(w);
      continue;
    }
    if ((!cur || (nominal(words[i - 1]) && cur.kind === 'pp')) && w.pos === 'VERB' && !w.compound && verbForm(w) === 'ing' && i > from) {
      i = toEnd('participle', i, segs.length - 1, true);
      continue;
    }
    // "picked up her mail": a particle stays with its verb's object
    if (/^(?:up|out|off|down|away|back|aside)$/i.test(w.text) && words[i - 1]?.pos === 'VERB' && !words[i - 1]!.compound) {
      (cur ?? open('core', -1)).words.push(w);
      continue;
    }
    if (w.pos === 'ADP' || textIs(w, 'including')) {
      const last = segs[segs.length - 1];
      const isOf = textIs(w, 'of') && !!cur;
      // "for stealing $1.4 million | from the nonprofit": a phrase after a gerund's object belongs to the gerund
      const gerund =
        last && (last.kind === 'pp' || last.kind === 'participle') && last.words.some((x) => x.pos === 'VERB' && verbForm(x) === 'ing');
      if (gerund && !isOf) {
        open('pp', segs.length - 1).words.push(w);
        continue;
      }
      open(
        isOf ? 'of' : 'pp',
        isOf ? segs.length - 1 : last?.kind === 'inf' || (last && last.owner === owner && owner >= 0) ? owner : -1,
      ).words.push(w);
      continue;
    }
    if (w.pos === 'ADV' && /ly$/i.test(w.text) && !cur) {
      open('adverb', -1).words.push(w);
      cur = null;
      continue;
    }
    (cur ?? open('core', -1)).words.push(w);
  }
  // "for next year", "from Tuesday night": a preposition left with nothing but a day goes with the day
  for (const [k, seg] of segs.entries()) {
    const next = segs[k + 1];
    if (seg.kind === 'pp' && seg.words.length === 1 && next?.kind === 'date') {
      next.words.unshift(...seg.words);
      seg.words = [];
    }
  }
  return segs.filter((s) => s.words.length);
}

/**
 * Parses one sentence into its main clause; null when no subject and finite verb
 * can be found. `text` is a sentence without its dateline.
 */
export function parseClause(text: string, base = 0, surnames: ReadonlySet<string> = NO_NAMES): Clause | null {
  return clauseFrom(tagWords(text, base), text, surnames);
}

function clauseFrom(all: Word[], text: string, surnames: ReadonlySet<string>): Clause | null {
  const words = withoutAsides(all);
  let from = 0;
  let to = clauseEnd(words, 0);
  let attribution: Attribution | null = null;
  let when: string | null = null;
  for (let k = 0; k < words.length && !when; k++) {
    const d = dateAt(words, k);
    if (d) when = renderWords(words.slice(textIs(words[k], 'on') ? k + 1 : k, k + d), { headline: false, curly: false });
  }

  // "…, police said." / "…, according to the complaint."
  for (let i = to - 1; i > 0; i--) {
    if (!isComma(words[i])) continue;
    const tail = words.slice(i + 1, to);
    if (textIs(tail[0], 'according') && textIs(tail[1], 'to')) {
      attribution = { speaker: tail.slice(2), verb: tail[0]!, at: 'tail', words: tail };
      to = i;
      break;
    }
    const sayAt = tail.findIndex((w) => w.pos === 'VERB' && SAYING.has(w.lemma.toLowerCase()) && verbForm(w) !== 'ing');
    const otherVerb = tail.some((w, k) => k !== sayAt && finiteCandidate(tail, k) && !lemmaIs(w, 'publish', 'release'));
    if (sayAt >= 0 && !otherVerb) {
      let speaker = sayAt === 0 ? tail.slice(1) : tail.slice(0, sayAt);
      const cut = speaker.findIndex(isComma);
      if (cut > 0) speaker = speaker.slice(0, cut);
      attribution = { speaker, verb: tail[sayAt]!, at: 'tail', words: tail };
      to = i;
      break;
    }
    // ", said Justin Gilpin, chief executive of Kansas Wheat": an appositive after the speaker
    if (sayAt < 0 && !otherVerb && tail.length <= 10) continue;
    break;
  }

  // a label before a colon ("Monday, 2:15 p.m.: A woman reported …")
  const colon = words.findIndex((w, k) => k < Math.min(to, 10) && w.text === ':');
  if (colon >= 0 && colon < to - 3) from = colon + 1;
  // an introductory phrase: "After a four-hour hearing, …", "For the owner of a home, the median, the increase …"
  const first = words[from]!;
  const introLike =
    first.pos === 'ADP' ||
    first.pos === 'SCONJ' ||
    SUBORDINATE.test(first.text) ||
    (first.pos === 'ADV' && (/ly$/i.test(first.text) || INTRO_ADVERBS.test(first.text))) ||
    textIs(first, 'every', 'each') ||
    dateAt(words, from) > 0;
  if (introLike) {
    for (let k = from; k < to; k++) {
      if (!isComma(words[k])) continue;
      const v = mainVerbIndex(words, k + 1, to);
      if (
        v > k + 1 &&
        !words.slice(k + 1, v).some(isComma) &&
        ['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ'].includes(words[k + 1]!.pos) &&
        !RELATIVE.test(words[k + 1]!.text)
      ) {
        from = k + 1;
        break;
      }
    }
  }
  if (dateAt(words, from) && isComma(words[from + dateAt(words, from)])) from += dateAt(words, from) + 1;

  let v = mainVerbIndex(words, from, to);
  if (v <= from) return null;

  // "Harwell Foods said Thursday that its profit rose 12%": the reported clause is the news
  if (!attribution && words[v]!.pos === 'VERB' && lemmaIs(words[v], 'say', 'announce', 'report') && verbForm(words[v]!) !== 'base') {
    let k = v + 1;
    while (k < to && (dateAt(words, k) || isComma(words[k]))) k += dateAt(words, k) || 1;
    if (textIs(words[k], 'that')) k++;
    const inner = mainVerbIndex(words, k, to);
    if (inner > k && !words.slice(k, inner).some((w, n) => isComma(w) && !listContinues(words, k + n + 1, to))) {
      attribution = { speaker: withoutAsides(words.slice(from, v)), verb: words[v]!, at: 'head', words: words.slice(from, k) };
      from = k;
      v = inner;
    }
  }

  while (v - 1 > from && words[v - 1]!.pos === 'ADV' && /ly$/i.test(words[v - 1]!.text)) v--;
  const vEnd = verbGroupEnd(words, v);
  const verb = verbGroup(words, v, vEnd);
  const subject = withoutAsides(dropDays(words.slice(from, v)));
  if (!subject.length) return null;
  const core = coreOf(subject);
  return {
    subject,
    core: core.length ? core : subject,
    plural: isPlural(core.length ? core : subject, verb, surnames),
    verb,
    segments: segment(words, vEnd, to),
    attribution,
    text,
    when,
  };
}

/** Removes day expressions ("on Tuesday") from a run of words. */
export function dropDays(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const d = dateAt(words, i);
    if (d) {
      i += d - 1;
      continue;
    }
    out.push(words[i]!);
  }
  return out;
}

/** Splits "X did this, and Y did that" into its two main clauses (each parsed on its own). */
export function parseClauses(text: string, base = 0, surnames: ReadonlySet<string> = NO_NAMES): Clause[] {
  const words = tagWords(text, base);
  const out: Clause[] = [];
  const first = clauseFrom(words, text, surnames);
  if (!first) return out;
  out.push(first);
  const coord = first.segments.find((s) => s.kind === 'coord');
  if (coord) {
    // the second clause runs to the sentence's end, its own phrases and all
    const at = words.indexOf(coord.words[0]!);
    const rest = words.slice(at + (isComma(coord.words[0]) ? 2 : 1));
    if (rest.length && ['DET', 'NOUN', 'PROPN', 'NUM', 'ADJ', 'PRON'].includes(rest[0]!.pos) && !RELATIVE.test(rest[0]!.text)) {
      const inner = clauseFrom([...rest], text, surnames);
      if (inner) {
        if (!inner.attribution && first.attribution) inner.attribution = first.attribution;
        out.push(inner);
      }
    }
  }
  return out;
}
