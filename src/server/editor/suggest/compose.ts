import { commonPlural, PARTICIPLE_WITHOUT_OBJECT, stateAfter, type Clause, type Segment } from './clause';
import { ageAtDeath, type Story } from './facts';
import type { Word } from './nlp';
import { render, tidy } from './style';
import { finiteCandidate, lemmaIs, presentOf, textIs, verbForm } from './verbs';

/** Verbs that are clipped without what was said or thought ("argued that …"). */
export const REPORTING =
  /^(?:say|tell|argue|believe|warn|think|claim|contend|insist|note|explain|add|estimate|expect|hope|predict|fear|suggest|allege|write|testify)$/;

/** Crimes a headline may state only with their attribution (the legal rules know them in the past tense). */
export const CRIME =
  /^(?:kill|murder|stab|shoot|rob|steal|assault|rape|embezzle|burglarize|defraud|kidnap|abduct|molest|abuse|attack|vandalize|torch|smuggle|poison|strangle|loot|extort|swindle|carjack|shoplift|forge|bribe|threaten|harass|stalk|punch|launder|pocket|skim)$/;

/** A suggestion before it is checked: its text and the story words it was written from. */
export interface Draft {
  text: string;
  from: Word[];
  /** The story sentence it comes from: three suggestions should not all say the same thing. */
  source: number;
}

/** Picks `count` drafts, one per story sentence first, then the rest in order. */
export function pick(drafts: readonly Draft[], count: number): Draft[] {
  const out: Draft[] = [];
  for (const d of drafts) if (out.length < count && !out.some((o) => o.source === d.source)) out.push(d);
  for (const d of drafts) if (out.length < count && !out.includes(d)) out.push(d);
  return drafts.filter((d) => out.includes(d));
}

/** A stretch of the story as a word, for a draft that repeats a whole sentence. */
export const span = (start: number, end: number, text = ''): Word => ({
  text,
  pos: 'X',
  lemma: '',
  start,
  end,
  compound: false,
  attached: false,
});

/** How a clause is written: as a headline (present tense, no articles, numerals) or as a sentence of the copy. */
export type Mode = 'headline' | 'sentence';

/** The verb's tense: headline style, the present of a caption, or as the copy wrote it. */
export type Tense = 'headline' | 'present' | 'as-written';

export interface Part {
  text: string;
  words: Word[];
}

export interface Option {
  part: Part;
  owner: number;
  weight: number;
  required: boolean;
  /** The phrase with a dependent "of" phrase folded in ("$12 million library renovation"), used when that phrase is left out. */
  folded?: { part: Part; dependent: number; weight: number };
}

/** Nouns that name a share of something: "a third of the money" is no "money third". */
const PARTITIVE =
  /^(?:percent|part|share|half|third|quarter|number|majority|minority|rest|most|lot|group|dozen|handful|all|some|none|one|each|many|few|series|kind|type|sort)$/i;

/**
 * "a $12 million renovation of the city's library" → "a $12 million library
 * renovation": the "of" phrase's head noun set before the noun it modifies, so a
 * headline that has no room for the phrase keeps what the thing is.
 */
function foldOf(owner: Part, of: Segment, curly: boolean, mode: Mode): Part | null {
  const head = owner.words.at(-1);
  const rest = of.words.slice(1);
  const noun = rest.at(-1);
  if (!head || head.pos !== 'NOUN' || PARTITIVE.test(head.lemma) || !noun || !['NOUN', 'PROPN'].includes(noun.pos)) return null;
  // a simple noun phrase: an article or a possessive, adjectives and nouns; no figure, person or clause
  const simple = rest.every(
    (w, k) =>
      (k === 0 && w.pos === 'DET') ||
      (['NOUN', 'PROPN', 'ADJ'].includes(w.pos) && !/^\d/.test(w.text)) ||
      (k < rest.length - 1 && /['’]s?$/.test(w.text)),
  );
  if (!simple || rest.length > 5 || rest.some((w) => w.pos === 'PRON')) return null;
  const proper = rest.filter((w) => w.pos === 'PROPN');
  // "of the Maple Grove Public Library": the name's last word as a common noun; "of Boeing" stays a name
  if (noun.pos === 'PROPN' && proper.length === 1) return null;
  const word = noun.pos === 'PROPN' ? noun.text.toLowerCase() : noun.lemma.toLowerCase();
  if (!/^\p{L}+$/u.test(word) || owner.text.toLowerCase().split(' ').includes(word)) return null;
  const before = part(owner.words.slice(0, -1), curly, mode).text;
  return { text: `${before ? `${before} ` : ''}${word} ${head.text}`, words: [...owner.words, noun] };
}

export const content = (words: readonly Word[]) =>
  words.filter((w) => ['NOUN', 'PROPN', 'NUM', 'ADJ', 'VERB'].includes(w.pos) && !/^(?:the|a|an)$/i.test(w.text)).length;
export const part = (words: Word[], curly: boolean, mode: Mode = 'headline'): Part => ({
  text: render(words, { headline: mode === 'headline', curly }),
  words,
});
export const joined = (parts: readonly Part[]): Part => ({
  text: tidy(
    parts
      .map((p) => p.text)
      .filter(Boolean)
      .join(' '),
  ),
  words: parts.flatMap((p) => p.words),
});

/**
 * The verb in the tense asked for. Headline: present tense for the past, "to" for
 * the future, the participle alone for the passive. Present (a caption's first
 * sentence): "approved" → "approves", "was charged" → "is charged".
 */
export function verbPart(clause: Clause, tense: Tense = 'headline'): Part {
  const { verb, plural } = clause;
  if (tense === 'as-written') return { text: render(verb.words, { headline: false, curly: false }), words: verb.words };
  if (tense === 'present') return presentVerb(clause);
  const words = verb.words.filter((w) => !(w.pos === 'ADV' && /ly$/i.test(w.text)));
  const main = verb.main;
  const negated = words.some((w) => textIs(w, 'not', "n't", 'n’t', 'never'));
  const not = negated ? 'not ' : '';
  switch (verb.kind) {
    case 'passive':
      return { text: `${not}${main.text}${particleOf(words, main)}`, words };
    case 'future-passive':
      return { text: negated ? `won't be ${main.text}` : `to be ${main.text}`, words };
    case 'future':
      return { text: negated ? `won't ${main.lemma}` : `to ${main.pos === 'AUX' ? 'be' : main.lemma}`, words };
    case 'modal':
      return { text: render(words, { headline: false, curly: false }), words };
    case 'negative':
      return { text: main.pos === 'AUX' ? `${presentOf(main.lemma, plural)} not` : `${presentOf('do', plural)} not ${main.lemma}`, words };
    case 'as-written':
      return { text: `${presentOf('be', plural)} ${main.text}`, words };
    default: {
      // "a man charged in the stabbing": a verb that needs an object has none, so it is the participle
      if (
        verbForm(main) === 'past' &&
        PARTICIPLE_WITHOUT_OBJECT.test(main.lemma) &&
        clause.segments.find((s) => s.kind !== 'date')?.kind !== 'core'
      )
        return { text: `${not}${main.text}`, words };
      const particle = words.length > 1 && words[words.length - 1] !== main ? ` ${words[words.length - 1]!.text}` : '';
      if (main.pos === 'AUX') return { text: presentOf(main.lemma, plural) + (negated ? ' not' : ''), words };
      return { text: presentOf(main.lemma, plural) + particle, words };
    }
  }
}

/** A caption's present tense: the copy's verb moved from the past to the present, its voice kept. */
function presentVerb(clause: Clause): Part {
  const { verb, plural } = clause;
  const words = verb.words;
  const main = verb.main;
  const negated = words.some((w) => textIs(w, 'not', "n't", 'n’t', 'never'));
  const adverbs = words
    .filter((w) => w.pos === 'ADV' && !textIs(w, 'not', "n't", 'n’t', 'never'))
    .map((w) => `${w.text} `)
    .join('');
  const be = presentOf('be', plural);
  switch (verb.kind) {
    case 'passive':
      return { text: `${be} ${negated ? 'not ' : ''}${adverbs}${main.text}${particleOf(words, main)}`, words };
    case 'future':
    case 'future-passive':
    case 'modal':
      return { text: render(words, { headline: false, curly: false }), words };
    case 'negative':
      return {
        text: main.pos === 'AUX' ? `${presentOf(main.lemma, plural)} not` : `${presentOf('do', plural)} not ${adverbs}${main.lemma}`,
        words,
      };
    case 'as-written':
      return { text: `${be} ${adverbs}${main.text}`, words };
    default:
      if (verbForm(main) === 'ing') return { text: `${be} ${adverbs}${main.text}`, words };
      if (
        verbForm(main) === 'past' &&
        PARTICIPLE_WITHOUT_OBJECT.test(main.lemma) &&
        clause.segments.find((s) => s.kind !== 'date')?.kind !== 'core'
      )
        return { text: `${be} ${main.text}`, words };
      if (main.pos === 'AUX') return { text: `${presentOf(main.lemma, plural)}${negated ? ' not' : ''}`, words };
      return { text: `${adverbs}${presentOf(main.lemma, plural)}${particleOf(words, main)}`, words };
  }
}

const particleOf = (words: readonly Word[], main: Word) => {
  const last = words[words.length - 1]!;
  return last !== main && words.indexOf(last) > words.indexOf(main) ? ` ${last.text}` : '';
};

/** A coordinated predicate ("and hire 1,100 workers") with its verb in the headline's tense. */
function coordinated(seg: Segment, clause: Clause, curly: boolean, mode: Mode, tense: Tense): Part | null {
  const at = seg.words.findIndex((w) => w.pos === 'CCONJ');
  const v = seg.words.findIndex((w, k) => k > at && finiteCandidate(seg.words, k));
  if (at < 0 || v !== at + 1) return null;
  const w = seg.words[v]!;
  const rest = part(seg.words.slice(v + 1), curly, mode);
  let verbText = w.text;
  if (tense === 'as-written') return { text: part(seg.words.slice(at), curly, mode).text, words: seg.words };
  const passive = clause.verb.kind.includes('passive') && verbForm(w) === 'past';
  if (w.pos === 'VERB' && !passive && clause.verb.kind !== 'future' && clause.verb.kind !== 'modal')
    verbText = presentOf(w.lemma, clause.plural);
  if (w.pos === 'AUX' && /^(?:was|were|is|are)$/i.test(w.text)) {
    const next = seg.words[v + 1];
    if (next?.pos === 'VERB' && verbForm(next) === 'past')
      return {
        text: `and ${tense === 'present' ? `${presentOf('be', clause.plural)} ` : ''}${part(seg.words.slice(v + 1), curly, mode).text}`,
        words: seg.words,
      };
    verbText = presentOf('be', clause.plural);
  }
  if (w.pos === 'AUX' && lemmaIs(w, 'do') && textIs(seg.words[v + 1], 'not', "n't", 'n’t'))
    return { text: `and ${presentOf('do', clause.plural)} not ${part(seg.words.slice(v + 2), curly, mode).text}`, words: seg.words };
  return { text: `and ${verbText} ${rest.text}`.trim(), words: seg.words };
}

/** The phrases after the verb a headline may keep, each weighed by what it tells. */
export interface OptionSettings {
  mode?: Mode;
  tense?: Tense;
  /** Keep the clause's day ("Tuesday"): a caption's past-tense sentence says when. */
  keepDates?: boolean;
}

const flaggedIn = (words: readonly Word[], story: Story) =>
  story.flagged.some((f) => words.some((w) => w.start < f.end && w.end > f.start));

export function options(clause: Clause, story: Story, settings: OptionSettings = {}): Option[] {
  const mode = settings.mode ?? 'headline';
  const tense = settings.tense ?? 'headline';
  const out: Option[] = [];
  const index = new Map<number, number>();
  let position = 0;
  for (const [k, seg] of clause.segments.entries()) {
    if (seg.kind === 'date') {
      if (settings.keepDates) {
        index.set(k, out.length);
        out.push({ part: part(seg.words, story.curly, 'sentence'), owner: -1, weight: 0, required: true });
      }
      continue;
    }
    if (seg.kind === 'coord' && seg.owner < 0) {
      if (flaggedIn(seg.words, story)) continue;
      const p = coordinated(seg, clause, story.curly, mode, tense);
      if (!p) continue; // a second clause with its own subject is a headline of its own
      index.set(k, out.length);
      out.push({ part: p, owner: -1, weight: content(seg.words) * 0.8, required: false });
      position++;
      continue;
    }
    const owner = seg.owner >= 0 ? (index.get(seg.owner) ?? -2) : -1;
    if (owner === -2) continue;
    // a phrase with a word the review still flags is left out, and what hangs on it with it
    if (seg.kind !== 'core' && flaggedIn(seg.words, story)) continue;
    const first = position === 0;
    const numbersOnly = seg.words.every((w) => w.pos === 'NUM' || w.pos === 'PUNCT');
    const required =
      (seg.kind === 'clause' && REPORTING.test(clause.verb.main.lemma) && position <= 2) ||
      // the verb's first phrase when it has no object: "charged in the stabbing", "pulled within a touchdown"
      (first && (seg.kind === 'core' || seg.kind === 'inf' || seg.kind === 'pp')) ||
      (seg.kind === 'inf' && out.length === 1 && out[0]!.required && out[0]!.part.words.every((w) => w.pos === 'NUM')) ||
      // "less likely to die", "able to vote": the adjective needs its infinitive
      (seg.kind === 'inf' &&
        /^(?:likely|unlikely|able|unable|ready|willing|due|set|eager|expected|scheduled|allowed|required|free|quick|slow|first|last)$/i.test(
          clause.segments[k - 1]?.words.at(-1)?.text ?? '',
        ));
    let weight = content(seg.words) / (1 + 0.35 * position);
    if (seg.words.some((w) => w.pos === 'NUM' && !/^(?:19|20)\d\d$/.test(w.text))) weight *= 1.4;
    if (seg.kind === 'participle' || seg.kind === 'aside' || seg.kind === 'clause') weight *= 0.75;
    if (numbersOnly && first) weight += 1;
    if (first) weight *= 2;
    if (seg.kind === 'of' && mode === 'headline' && owner >= 0) {
      const host = out[owner]!;
      const folded = foldOf(host.part, seg, story.curly, mode);
      if (folded && !host.folded) host.folded = { part: folded, dependent: out.length, weight: weight * 0.6 };
    }
    index.set(k, out.length);
    out.push({ part: part(seg.words, story.curly, mode), owner, weight, required });
    position++;
  }
  // an obituary's age: "dies at 91"
  const age = clause.verb.main.lemma === 'die' && mode === 'headline' ? ageAtDeath(story) : null;
  if (age) {
    const w: Word = {
      text: age.age,
      pos: 'NUM',
      lemma: age.age,
      start: age.start,
      end: age.start + age.age.length,
      compound: false,
      attached: false,
    };
    out.unshift({ part: { text: `at ${age.age}`, words: [w] }, owner: -1, weight: 5, required: false });
    for (const o of out.slice(1)) if (o.owner >= 0) o.owner++;
  }
  return out;
}

/** The best headline within `max` for a subject, verb and phrases: keeps what tells most. */
export function fit(subject: Part, verb: Part, opts: readonly Option[], max: number): Part | null {
  const n = Math.min(opts.length, 12);
  let best: { score: number; parts: Part[] } | null = null;
  for (let mask = 0; mask < 1 << n; mask++) {
    let ok = true;
    let score = 0;
    const parts: Part[] = [subject, verb];
    for (let k = 0; k < n && ok; k++) {
      const keep = (mask >> k) & 1;
      const o = opts[k]!;
      if (!keep) {
        if (o.required) ok = false;
        continue;
      }
      if (o.owner >= 0 && !((mask >> o.owner) & 1)) ok = false;
      score += o.weight;
      const fold = o.folded && o.folded.dependent < n && !((mask >> o.folded.dependent) & 1) ? o.folded : null;
      if (fold) score += fold.weight;
      parts.push(fold ? fold.part : o.part);
    }
    if (!ok) continue;
    const text = joined(parts).text;
    if (text.length > max || (best && score <= best.score)) continue;
    best = { score, parts };
  }
  return best ? joined(best.parts) : null;
}

/** The subject as a headline writes it: the whole of it, and its core. */
export function subjects(clause: Clause, story: Story, mode: Mode = 'headline'): Part[] {
  const curly = story.curly;
  const possessive = mode === 'headline' && clause.attribution?.at === 'head' && /^(?:its|their)$/i.test(clause.subject[0]?.text ?? '');
  const speaker = clause.attribution ? speakerCore(clause.attribution.speaker) : [];
  const build = (words: Word[]): Part => {
    if (possessive && speaker.length) {
      const name = render(speaker, { headline: true, curly });
      return {
        text: `${name}${/s$/.test(name) ? '’' : '’s'} ${render(words.slice(1), { headline: mode === 'headline', curly })}`.replace(
          /’/g,
          curly ? '’' : "'",
        ),
        words: [...speaker, ...words],
      };
    }
    const p = part(words, curly, mode);
    // an appositive or relative clause in the subject is closed by a comma before the verb
    let aside = false;
    for (let k = 0; k < words.length; k++) {
      const state = stateAfter(words, k);
      // "Molly Brandt of Boulder, Colo., is third": a state that ends the subject takes its closing comma
      if (state) {
        if (k + state >= words.length) aside = true;
        k += state - 1;
      } else if (/^[,;]$/.test(words[k]!.text)) aside = true;
    }
    return aside ? { ...p, text: `${tidy(p.text)},` } : p;
  };
  if (mode === 'headline' && !possessive && /^(?:his|her|their|its|my|our|your)$/i.test(clause.subject[0]?.text ?? '')) return [];
  const out = [build(clause.subject)];
  if (clause.core.length < clause.subject.length) out.push(build(clause.core));
  return out.filter((p, i) => p.text && out.findIndex((q) => q.text === p.text) === i);
}

/** The subject's head before its first preposition ("Negotiators for Portland's transit agency …" → "Negotiators"), or null. */
export function shortSubject(clause: Clause, story: Story, mode: Mode = 'headline'): Part | null {
  const ofAt = clause.core.findIndex((w, k) => k > 0 && w.pos === 'ADP');
  if (ofAt <= 0 || !['NOUN', 'PROPN'].includes(clause.core[ofAt - 1]!.pos)) return null;
  return part(clause.core.slice(0, ofAt), story.curly, mode);
}

/** The speaker's noun phrase without its modifiers: "a study published Wednesday" → "study". */
export function speakerCore(speaker: readonly Word[]): Word[] {
  const out: Word[] = [];
  let noun = false;
  for (const [k, w] of speaker.entries()) {
    const next = speaker[k + 1];
    const nominalWord = (w.pos === 'NOUN' || w.pos === 'PROPN' || w.compound) && !/['’]s?$/.test(w.text);
    const possessive = /['’]s?$/.test(w.text) && (w.pos === 'NOUN' || w.pos === 'PROPN');
    // "Centers for Disease Control and Prevention": a name runs on through "for", "of" and "and"
    const inName =
      /^(?:of|for|and|&)$/i.test(w.text) && noun && /^\p{Lu}/u.test(out[out.length - 1]?.text ?? '') && /^\p{Lu}/u.test(next?.text ?? '');
    if (noun && !nominalWord && !inName) break;
    if (!noun && !(nominalWord || possessive || w.pos === 'DET' || w.pos === 'ADJ' || w.pos === 'NUM')) break;
    out.push(w);
    if (nominalWord) noun = true;
  }
  return noun ? out : [];
}

/** Speakers a headline should not cite: "two people familiar with the talks", "sources". */
export const ANONYMOUS = /^(?:people|person|source|sources|someone|aide|aides)$/i;

export const isPronoun = (words: readonly Word[]) => words.some((w) => w.pos === 'PRON' && /^(?:he|she|they|it|we|i|you)$/i.test(w.text));

/** Whether a clause accuses someone, so its headline must keep who says so. */
export function accuses(clause: Clause): boolean {
  // "two people were killed" names no one; "was charged" is the accusation itself, stated as one
  if (clause.verb.kind === 'passive' || clause.verb.kind === 'future-passive') return false;
  const coordinatedVerbs = clause.segments
    .filter((s) => s.kind === 'coord' || s.kind === 'inf')
    .flatMap((s) => s.words.filter((w) => w.pos === 'VERB'));
  return [clause.verb.main, ...coordinatedVerbs].some((w) => CRIME.test(w.lemma.toLowerCase()));
}

export interface SentenceSettings {
  tense?: Tense;
  keepDates?: boolean;
  /** Keep the attribution ("…, police said"); a sentence that states an accusation always does. */
  attributed?: boolean;
}

/**
 * The clause as a sentence of the copy within `max` characters: its subject, its
 * verb and the phrases that tell most, with its attribution, ending in a period.
 */
export function sentenceOf(clause: Clause, story: Story, max: number, settings: SentenceSettings = {}): Part | null {
  const tense = settings.tense ?? 'as-written';
  if (isPronoun(clause.core) && clause.attribution?.at !== 'head') return null;
  const attribution = clause.attribution;
  const attributed = attribution && (attribution.at === 'head' || settings.attributed !== false || accuses(clause)) ? attribution : null;
  const speaker = attributed ? render(attributed.speaker, { headline: false, curly: story.curly }) : '';
  // what someone said keeps the tense they said it in; the present goes to "says"
  const reported = tense === 'present' && attributed?.at === 'head' ? 'as-written' : tense;
  const opts = options(clause, story, { mode: 'sentence', tense: reported, keepDates: settings.keepDates });
  const verb = verbPart(clause, reported);
  const tail = attributed?.at === 'tail' ? render(attributed.words, { headline: false, curly: story.curly }) : '';
  let room = max - 1;
  if (attributed?.at === 'tail') room -= tail.length + 2;
  if (attributed?.at === 'head') room -= speaker.length + attributed.verb.text.length + 2;
  for (const subject of subjects(clause, story, 'sentence')) {
    const body = fit(subject, verb, opts, room);
    if (!body) continue;
    let text = body.text;
    let words = body.words;
    if (attributed?.at === 'head') {
      // a caption's present tense: "Harwell Foods says its profit rose 12%"
      const says =
        tense === 'present' ? presentOf(attributed.verb.lemma, speakerIsPlural(attributed.speaker, story)) : attributed.verb.text;
      text = `${speaker} ${says} ${text}`;
      words = [...attributed.speaker, attributed.verb, ...words];
    } else if (attributed) {
      text = `${text}, ${tail}`;
      words = [...words, ...attributed.words];
    }
    return { text: `${text.replace(/^(\p{Ll})/u, (c) => c.toUpperCase()).replace(/[\s,;:]+$/, '')}.`, words };
  }
  return null;
}

/** Whether a speaker takes a plural verb: "police say", "board members say", "Troopers say", "the study finds". */
export function speakerIsPlural(speaker: readonly Word[], story: Story): boolean {
  const head = speaker.filter((w) => w.pos === 'NOUN' || w.pos === 'PROPN').pop();
  if (!head) return false;
  if (/^(?:police|people)$/i.test(head.text)) return true;
  if (head.pos === 'NOUN') return head.lemma !== head.text.toLowerCase() && !/['’]s?$/.test(head.text);
  return speaker.length === 1 && commonPlural(head.text, story.surnames);
}
