import type { Word } from './nlp';

export type VerbForm = 'base' | 'third' | 'past' | 'ing';

const IRREGULAR_PRESENT: Record<string, [string, string]> = {
  be: ['is', 'are'],
  have: ['has', 'have'],
  do: ['does', 'do'],
  go: ['goes', 'go'],
};

/** The verb's present tense for a singular or plural subject: "approve" → "approves"/"approve". */
export function presentOf(lemma: string, plural: boolean): string {
  const l = lemma.toLowerCase();
  const irregular = IRREGULAR_PRESENT[l];
  if (irregular) return plural ? irregular[1] : irregular[0];
  if (plural) return l;
  if (/(?:s|x|z|ch|sh|o)$/.test(l)) return `${l}es`;
  if (/[^aeiou]y$/.test(l)) return `${l.slice(0, -1)}ies`;
  return `${l}s`;
}

/** How a verb is inflected, read from its surface form and lemma. */
export function verbForm(w: Word): VerbForm {
  const t = w.text.toLowerCase();
  const l = w.lemma.toLowerCase();
  if (t === l) return 'base';
  if (/ing$/.test(t) && !/ing$/.test(l)) return 'ing';
  if (t === presentOf(l, false) || t === 'is' || t === 'has' || t === 'does') return 'third';
  if (t === 'are' || t === 'am') return 'base';
  return 'past';
}

const MODALS = new Set(['will', 'wo', 'shall', 'would', 'could', 'can', 'ca', 'may', 'might', 'must', 'should', "'ll", '’ll']);
export const isModal = (w: Word) => MODALS.has(w.text.toLowerCase());
export const isFuture = (w: Word) => /^(?:will|wo|shall|'ll|’ll)$/i.test(w.text);
export const lemmaIs = (w: Word | undefined, ...lemmas: string[]) => !!w && lemmas.includes(w.lemma.toLowerCase());
export const textIs = (w: Word | undefined, ...texts: string[]) => !!w && texts.includes(w.text.toLowerCase());

/** Whether the word can head a finite verb group (not a gerund, an infinitive or a compound modifier). */
export function finiteCandidate(words: readonly Word[], i: number): boolean {
  const w = words[i]!;
  const prev = words[i - 1];
  if (w.compound || (/^\p{Lu}/u.test(w.text) && i > 0 && w.pos !== 'AUX')) return false;
  if (textIs(prev, 'to') || (prev && (prev.pos === 'AUX' || (textIs(prev, 'not', 'n’t', "n't") && words[i - 2]?.pos === 'AUX'))))
    return false;
  // "11 rebounds", "3 points": a number names things, it does not do them
  if (prev?.pos === 'NUM' && w.pos === 'VERB' && verbForm(w) === 'third') return false;
  if (w.pos === 'AUX') return !/^(?:to)$/i.test(w.text);
  if (w.pos !== 'VERB') return false;
  // "the only vote": after an article (and its adjectives) the word is a noun, whatever the tagger says
  for (let k = i - 1; k >= 0 && k >= i - 3; k--) {
    const x = words[k]!;
    if (x.pos === 'DET' && /^(?:a|an|the|this|these|those|its|their|his|her|every|each|no)$/i.test(x.text)) return false;
    if (x.pos !== 'ADJ' && x.pos !== 'ADV') break;
  }
  return verbForm(w) !== 'ing';
}

/** Verbs that report what someone said or found: the attribution of a lead. */
export const SAYING = new Set([
  'say',
  'tell',
  'announce',
  'report',
  'find',
  'show',
  'conclude',
  'confirm',
  'testify',
  'allege',
  'write',
  'state',
]);

/** Simple past forms that are never past participles ("fell", not "fallen"): never a reduced relative. */
export const PAST_ONLY = new Set(
  'fell took rose wrote gave saw chose drove ate began ran came went grew knew threw drew flew broke spoke stole froze woke wore tore swore shook sang rang drank did was were forgot forgave hid rode bit blew slew undertook withdrew oversaw became'.split(
    ' ',
  ),
);

/** Particles that belong to the verb before them ("fouled out", "set aside", "fell through"). */
export const PARTICLES = /^(?:out|off|away|back|aside|down|up|through|over|in)$/i;

/** Adjectives in -ing that a headline keeps with their verb ("are missing", not "miss"). */
export const ING_ADJECTIVES =
  /^(?:missing|ongoing|outstanding|pending|remaining|interesting|willing|leading|existing|promising|upcoming|surprising|worrying|lacking|living|dying|closing|encouraging|disappointing|alarming|troubling|concerning|confusing|exciting|amazing|challenging|compelling|striking|staggering|booming|thriving|struggling)$/i;
