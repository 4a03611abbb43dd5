import { buildDocument, type Doc } from '../text/document';
import { countWords } from '../text/words';
import type { Analysis, Finding } from '../types';
import { clip } from './markdown';
import { namedSpeakers, personNames } from './names';

export type ChecklistKey = 'who' | 'what' | 'when' | 'where' | 'why' | 'other-side' | 'sources' | 'baselines' | 'consistency';
export type ChecklistStatus = 'found' | 'partly' | 'missing' | 'not-needed';

export interface ChecklistItem {
  key: ChecklistKey;
  label: string;
  status: ChecklistStatus;
  /** What the copy has, or what it lacks and how to supply it. */
  note: string;
}

const list = (items: readonly string[], max = 4) => {
  const shown = [...new Set(items)].slice(0, max);
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
};
const q = (s: string, n = 110) => `“${clip(s.replace(/\s+/g, ' ').trim(), n)}”`;

/** The lead sentence without its dateline. */
function lede(doc: Doc): { text: string; start: number } | null {
  const first = doc.sentences.find((s) => countWords(s.text) >= 4) ?? doc.sentences[0];
  if (!first) return null;
  const dateline = doc.datelines.find((d) => d.start >= first.start && d.start < first.end);
  const start = dateline ? dateline.end : first.start;
  return { text: doc.text.slice(start, first.end), start };
}

const FINITE =
  /\b(is|are|was|were|has|have|had|will|would|could|can|may|might|must|did|does|do|said|says|plans?|wants?|faces?|\p{Ll}{2,}ed|took|won|lost|made|gave|told|rose|fell|grew|met|began|left|shot|struck|hit|led|ran|sold|bought|paid|died|went|came|found|held|broke|chose|sent|spent|brought|got|kept|set)\b/u;

/** The lede's subject and the rest of its main clause, split at the first finite verb. */
function subjectAndPredicate(sentence: string): { subject: string; predicate: string } | null {
  const text = sentence.replace(/^["“]/, '');
  const m = FINITE.exec(text);
  if (!m || m.index === 0) return null;
  return { subject: text.slice(0, m.index).replace(/[\s,]+$/, ''), predicate: text.slice(m.index).replace(/[\s.]+$/, '') };
}

const WHEN = new RegExp(
  [
    '\\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:\\s+(?:morning|afternoon|evening|night))?\\b',
    '\\b(?:Jan|Feb|Aug|Sept|Oct|Nov|Dec)\\.\\s+\\d{1,2}\\b',
    '\\b(?:January|February|March|April|May|June|July|August|September|October|November|December)(?:\\s+\\d{1,2})?(?:,\\s+\\d{4})?\\b',
    '\\b(?:today|tonight|yesterday|tomorrow|this (?:morning|afternoon|evening|week|month|year|season|spring|summer|fall|winter)|last (?:night|week|month|year|season)|next (?:week|month|year))\\b',
    '\\b\\d{1,2}(?::\\d\\d)?\\s?[ap]\\.m\\.',
    '\\b(?:noon|midnight)\\b',
    '\\b(?:19|20)\\d\\d\\b',
  ].join('|'),
  'g',
);
const VAGUE_FUTURE =
  /\b(next (?:week|month|year)|soon|later this (?:week|month|year)|in the (?:spring|summer|fall|winter|coming (?:weeks|months))|at a later date|upcoming)\b/i;
const EVENT = /\b(hearing|meeting|vote|trial|sentencing|arraignment|election|deadline|session|opening|closing|ceremony|auction|launch)\b/i;

const WHERE =
  /\b(?:in|at|on|near|outside|inside|across|along|from)[ ]+((?:the[ ]+)?(?:\d+[ ]+block[ ]+of[ ]+)?\p{Lu}[\p{L}'’-]*(?:[ ]+(?:of[ ]+)?\p{Lu}[\p{L}'’-]*)*)/gu;
const STREET_AFTER = /^\s+(?:street|avenue|road|boulevard|drive|lane|way|highway)\b/;
const PLACE_WORDS =
  /\b(downtown|city hall|courthouse|county|township|village|neighborhood|street|avenue|road|highway|interstate|park|school|campus)\b/i;

const WHY =
  /\b(because(?: of)?|due to|as a result of|in response to|after (?:a|an|the|years|months|weeks|complaints|reports)|following|citing|so that|in order to|to (?:help|reduce|cover|pay|fund|address|prevent|avoid|protect|comply|meet|keep|save|make room|replace|settle|serve|ease|improve|expand|build|hire|cut|boost|attract|relieve|provide|allow|support|honor|mark|celebrate|raise|close|fix|repair|upgrade|stop|end|curb|combat|fight)|the reason|motive|blamed|caused by|led to|prompted|amid|over (?:a|an|the) (?:dispute|disagreement|argument|concerns?|complaints?|fears?|objections?)|during an? (?:argument|dispute|fight|robbery))\b/i;
const WHY_UNKNOWN =
  /\b(unknown|not known|unclear|did not say why|have not said (?:why|what)|no motive|remains under investigation|is (?:still )?under investigation)\b/i;

/** What puts someone on the spot and so calls for their side of it. */
const ACCUSATION =
  /\b(charged|accused|arrested|indicted|sued|lawsuit|alleg\w+|suspect|criticiz\w+|critics|opponents|opposed|complain\w*|fired|cited (?:twice |\w+ times )?(?:by|for)|violat\w+|blamed|investigat\w+|fraud|misconduct|negligen\w+)\b/i;
const RESPONSE =
  /\b(did not (?:immediately )?(?:return|respond)|declined to (?:comment|discuss|say)|could not be reached|(?:was|were) not available|denied|denies|disputed|disputes|in a statement|responded|defended|pleaded not guilty|said (?:he|she|they|the (?:company|bar|district|city|agency)) (?:did not|had not|has not|was not|were not|never|would)|(?:attorney|lawyer|defense)\b[^.]{0,80}\b(?:said|says|wrote))\b/i;

const DOCUMENTS =
  /\b(?:according to (?:a |an |the )?([\p{L} -]{3,40}?)(?=[,.])|(police|court|county|city|state|federal|public|property|financial|inspection)?\s*(records|documents|filings|data|report|reports|statement|complaint|affidavit|audit|study|survey|census) (?:show|showed|say|said|indicate|found|obtained))/giu;

/** An attribution to someone the copy does not name ("a city spokesperson said"). */
const UNNAMED_SOURCE =
  /\b(?:an?|one|two|several) (?:[\p{Ll}-]+ ){0,2}(?:spokes(?:man|woman|person)|officials?|sources?|employees?|insiders?|person familiar|people familiar)\b(?=[^.]{0,40}\b(?:said|says|told))/giu;

const CHANGE =
  /\b(doubled|tripled|quadrupled|halved|rose|fell|jumped|dropped|climbed|declined|increased|decreased|grew|grown|risen|fallen|shrank|surged|soared|plunged|plummeted|spiked|dipped|slid|tumbled|(?:is|are|was|were) (?:up|down)|record (?:high|low|number)|highest|lowest|more than (?:ever|double|twice))\b/i;
const BASELINE =
  /\b(from\s+\$?\d|to\s+\$?\d|compared (?:with|to)|than\s+(?:\$?\d|the|a|in|last)|up from|down from|a year (?:earlier|ago|before)|since\s+(?:19|20)\d\d)\b/i;

function sentencesMatching(doc: Doc, re: RegExp, outsideQuotes = true): string[] {
  const source = outsideQuotes ? doc.outsideQuotes : doc.text;
  return doc.sentences.filter((s) => re.test(source.slice(s.start, s.end))).map((s) => s.text);
}

function who(doc: Doc, lead: { text: string } | null): ChecklistItem {
  const names = [...new Set(personNames(doc.outsideQuotes).map((p) => p.full))];
  const subject = lead ? subjectAndPredicate(lead.text)?.subject : undefined;
  const label = 'Who';
  if (subject && /^(?:it|this|that|there|they|he|she)$/i.test(subject.trim()))
    return { key: 'who', label, status: 'partly', note: `the lead opens with “${subject}”: name who it is about in the first sentence.` };
  if (subject && names.length) return { key: 'who', label, status: 'found', note: `${q(subject, 70)} in the lead; named: ${list(names)}.` };
  if (subject) return { key: 'who', label, status: 'partly', note: `${q(subject, 70)} in the lead, but the copy names no one in full.` };
  if (names.length)
    return { key: 'who', label, status: 'partly', note: `the copy names ${list(names)}, but the lead does not say who it is about.` };
  return { key: 'who', label, status: 'missing', note: 'the copy names no person or organisation: say who did what.' };
}

function what(lead: { text: string } | null): ChecklistItem {
  const label = 'What';
  if (!lead) return { key: 'what', label, status: 'missing', note: 'there is no lead sentence saying what happened.' };
  const opensWithQuote = /^["“]/.test(lead.text.trim());
  if (opensWithQuote)
    return { key: 'what', label, status: 'partly', note: 'the lead opens with a quote: say what happened in your own words first.' };
  if (/\?\s*$/.test(lead.text.trim()))
    return { key: 'what', label, status: 'partly', note: 'the lead asks a question: say what happened instead.' };
  const clause = subjectAndPredicate(lead.text);
  if (!clause) return { key: 'what', label, status: 'partly', note: `the lead ${q(lead.text, 80)} has no main verb: say what happened.` };
  return { key: 'what', label, status: 'found', note: q(clause.predicate, 120) };
}

function when(doc: Doc): ChecklistItem {
  const label = 'When';
  const firstParagraphs = doc.sentences.filter((s) => s.paragraph <= 1);
  const early = [...new Set(firstParagraphs.flatMap((s) => s.text.match(WHEN) ?? []))];
  const anywhere = [...new Set(doc.outsideQuotes.match(WHEN) ?? [])];
  const undated = doc.sentences.filter(
    (s) => EVENT.test(s.text) && VAGUE_FUTURE.test(s.text) && !(s.text.match(WHEN) ?? []).some((w) => !VAGUE_FUTURE.test(w)),
  );
  const undatedNote = undated.length ? ` But ${q(undated[0]!.text, 90)} gives no date: say when, or that it has not been set.` : '';
  if (early.length) return { key: 'when', label, status: undated.length ? 'partly' : 'found', note: `${list(early)}.${undatedNote}` };
  if (anywhere.length)
    return {
      key: 'when',
      label,
      status: 'partly',
      note: `only later in the story (${list(anywhere)}): put when it happened in the lead.${undatedNote}`,
    };
  return { key: 'when', label, status: 'missing', note: `no day or date: say when it happened.${undatedNote}` };
}

function where(doc: Doc): ChecklistItem {
  const label = 'Where';
  const places: string[] = doc.datelines.map((d) =>
    doc.text
      .slice(d.start, d.end)
      .replace(/\s*\(.*?\)\s*/, ' ')
      .replace(/[\s—–-]+$/, '')
      .trim(),
  );
  const people = personNames(doc.outsideQuotes);
  for (const m of doc.outsideQuotes.matchAll(WHERE)) {
    // "on Main street": the street word belongs to the place, capitalised or not
    const street = STREET_AFTER.exec(doc.outsideQuotes.slice(m.index + m[0].length))?.[0] ?? '';
    const place = `${m[1]!.replace(/^the\s+/i, 'the ').trim()}${street}`;
    const at = m.index + m[0].length - m[1]!.length;
    // "from library director Susan Park", "with Park": a person the copy names is no place
    if (people.some((p) => p.start < at + place.length && at < p.start + p.full.length)) continue;
    if (people.some((p) => place === p.surname || place.replace(/['’]s$/, '') === p.surname)) continue;
    if (
      /^(?:the\s+)?(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Aug|Sept|Oct|Nov|Dec)\b/.test(
        place,
      )
    )
      continue;
    places.push(place);
  }
  if (places.length) return { key: 'where', label, status: 'found', note: `${list(places)}.` };
  const general = doc.outsideQuotes.match(PLACE_WORDS);
  if (general) return { key: 'where', label, status: 'partly', note: `only “${general[0]}”: name the place (town, street or building).` };
  return { key: 'where', label, status: 'missing', note: 'no place: say where it happened, or use a dateline.' };
}

function why(doc: Doc): ChecklistItem {
  const label = 'Why';
  const unknown = sentencesMatching(doc, WHY_UNKNOWN);
  if (unknown.length) return { key: 'why', label, status: 'found', note: `the copy says the reason is not known: ${q(unknown[0]!, 90)}.` };
  const m = WHY.exec(doc.outsideQuotes);
  if (m) {
    const sentence = doc.sentenceAt(m.index);
    const from = m.index;
    const phrase = doc.text.slice(from, sentence ? sentence.end : from + 80).replace(/,\s+[^,]{3,60}\s+(?:said|says)\.?$/, '');
    return { key: 'why', label, status: 'found', note: q(phrase, 90) };
  }
  return {
    key: 'why',
    label,
    status: 'missing',
    note: 'the copy does not say why it happened or what led to it. If the reason is not known yet, say so.',
  };
}

function otherSide(doc: Doc): ChecklistItem {
  const label = 'The other side';
  const accusations = sentencesMatching(doc, ACCUSATION);
  const responses = doc.sentences.filter((s) => RESPONSE.test(s.text)).map((s) => s.text);
  if (!accusations.length) {
    if (responses.length) return { key: 'other-side', label, status: 'found', note: q(responses[0]!, 110) };
    return { key: 'other-side', label, status: 'not-needed', note: 'no one in the copy is accused or criticised, so no response is owed.' };
  }
  if (responses.length) {
    const shown = responses.slice(0, 2).map((r) => q(r, 90));
    return { key: 'other-side', label, status: 'found', note: `${list(shown, 2)}.` };
  }
  return {
    key: 'other-side',
    label,
    status: 'missing',
    note: `${q(accusations[0]!, 90)} puts someone on the spot, but the copy has no response from them or their lawyer, nor a note that they could not be reached or declined to comment.`,
  };
}

function sources(doc: Doc, findings: readonly Finding[]): ChecklistItem {
  const label = 'Sources named';
  const outside = doc.outsideQuotes;
  const speakers = namedSpeakers(outside);
  // "according to athletic director Pam Greene" names a person, not a document
  const documents = [...outside.matchAll(DOCUMENTS)]
    .map((m) => (m[1] ?? `${m[2] ? `${m[2]} ` : ''}${m[3]}`).trim())
    .filter((d) => personNames(d).length === 0)
    .map((d) => d.toLowerCase());
  // who said it, not how much: a vague quantity is another matter
  const unnamed = [
    ...findings.filter((f) => /(?:unnamed-sources|anonymous-sources|unattributed)$/.test(f.ruleId)).map((f) => f.text),
    ...[...outside.matchAll(UNNAMED_SOURCE)].map((m) => m[0]),
  ];
  const named = speakers;
  const docsNote = documents.length ? `; documents: ${list(documents, 3)}` : '';
  if (!named.length && !documents.length)
    return { key: 'sources', label, status: 'missing', note: 'no one is quoted or cited by name: say who the facts come from.' };
  if (unnamed.length) {
    const vague = [...new Set(unnamed.map((t) => `“${clip(t, 40)}”`))];
    return {
      key: 'sources',
      label,
      status: 'partly',
      note: `${named.length ? `named: ${list(named)}${docsNote}` : `documents: ${list(documents, 3)}`}. But ${list(vague, 3)} leaves readers unable to judge the claim: name the source or say why it cannot be named.`,
    };
  }
  return {
    key: 'sources',
    label,
    status: 'found',
    note: `${named.length ? `${list(named)}${docsNote}` : `documents: ${list(documents, 3)}`}.`,
  };
}

function baselines(doc: Doc, findings: readonly Finding[]): ChecklistItem {
  const label = 'Baselines for numbers';
  const changes = doc.sentences.filter((s) => CHANGE.test(doc.outsideQuotes.slice(s.start, s.end)));
  const flagged = findings.filter((f) => f.ruleId.endsWith('change-without-baseline')).map((f) => doc.sentenceAt(f.start)?.text ?? f.text);
  const bare = changes.filter((s) => !BASELINE.test(s.text)).map((s) => s.text);
  const missing = [...new Set([...flagged, ...bare])];
  if (!changes.length && !flagged.length)
    return { key: 'baselines', label, status: 'not-needed', note: 'the copy reports no change or comparison that needs one.' };
  if (missing.length) {
    const m = CHANGE.exec(missing[0]!);
    return {
      key: 'baselines',
      label,
      status: 'missing',
      note: `${q(missing[0]!, 90)}${m ? `: ${m[0]} from what, to what, over what period?` : ': give the figures it compares.'}${missing.length > 1 ? ` (${missing.length - 1} more like it.)` : ''}`,
    };
  }
  return { key: 'baselines', label, status: 'found', note: `${q(changes[0]!.text, 90)} gives its comparison.` };
}

/** The story against itself: the review's `consistency` findings, each with why they cannot both be right. */
function consistency(findings: readonly Finding[]): ChecklistItem {
  const label = 'Agrees with itself';
  const found = findings.filter((f) => f.category === 'consistency');
  if (!found.length)
    return {
      key: 'consistency',
      label,
      status: 'found',
      note: 'no name, age, title, tally, total or date in the copy contradicts another.',
    };
  const shown = found.slice(0, 3).map((f) => `${q(f.text, 60)}: ${f.message.replace(/[.]$/, '')}`);
  return {
    key: 'consistency',
    label,
    status: 'missing',
    note: `${shown.join('; ')}${found.length > 3 ? ` (${found.length - 3} more)` : ''}. Check which is right and make the story agree.`,
  };
}

/**
 * What a desk editor checks a story for before it runs: who, what, when,
 * where, why, the other side, named sources, baselines for numbers and whether
 * the story agrees with itself, each checked against the copy with what was
 * found or what is missing.
 */
export function missingChecklist(text: string, analysis: Analysis): ChecklistItem[] {
  const doc = buildDocument(text);
  const lead = lede(doc);
  const items = [
    who(doc, lead),
    what(lead),
    when(doc),
    where(doc),
    why(doc),
    otherSide(doc),
    sources(doc, analysis.findings),
    baselines(doc, analysis.findings),
    consistency(analysis.findings),
  ];
  // a quoted sentence or "a.m." already ends in a period: never two
  return items.map((i) => ({ ...i, note: i.note.replace(/([.!?…]["”’)]?)\./g, '$1') }));
}
