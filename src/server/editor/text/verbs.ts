/** Irregular past participles and their simple past forms (for turning passive into active voice). */
const IRREGULAR_PAST: Record<string, string> = {
  written: 'wrote',
  taken: 'took',
  given: 'gave',
  seen: 'saw',
  chosen: 'chose',
  driven: 'drove',
  beaten: 'beat',
  bitten: 'bit',
  broken: 'broke',
  eaten: 'ate',
  fallen: 'fell',
  forgotten: 'forgot',
  forgiven: 'forgave',
  frozen: 'froze',
  hidden: 'hid',
  ridden: 'rode',
  risen: 'rose',
  shaken: 'shook',
  spoken: 'spoke',
  stolen: 'stole',
  sworn: 'swore',
  torn: 'tore',
  worn: 'wore',
  woken: 'woke',
  known: 'knew',
  grown: 'grew',
  thrown: 'threw',
  drawn: 'drew',
  shown: 'showed',
  done: 'did',
  gone: 'went',
  begun: 'began',
  sung: 'sang',
  rung: 'rang',
  drunk: 'drank',
  overseen: 'oversaw',
  overtaken: 'overtook',
  undertaken: 'undertook',
  withdrawn: 'withdrew',
  mistaken: 'mistook',
  struck: 'struck',
  sought: 'sought',
  blown: 'blew',
  flown: 'flew',
  slain: 'slew',
  shot: 'shot',
  hit: 'hit',
  cut: 'cut',
  put: 'put',
  set: 'set',
  hurt: 'hurt',
  won: 'won',
};

/** Past participles that do not end in -ed (for spotting the passive voice). */
export const IRREGULAR_PARTICIPLES = Object.keys(IRREGULAR_PAST).concat(
  'found held led made paid said sold told built bought brought caught taught thought kept left lost met sent spent fed bled bent dealt felt fought hung lent meant read shut split spread stuck stung swept swung wound'.split(
    ' ',
  ),
);

/** Simple past of a verb given as its past participle ("approved" → "approved", "written" → "wrote"). */
export function pastFromParticiple(participle: string): string | null {
  const p = participle.toLowerCase();
  if (IRREGULAR_PAST[p]) return IRREGULAR_PAST[p]!;
  if (/ed$/.test(p)) return p;
  if (/(ght|ld|lt|nt|rd|id|pt|ft|ung|uck|ot|et|it|ut|ead|eld|old|ound|ost|ept|ent|eft|ut|at|an|in|en)$/.test(p)) return p; // bought, held, built, sent, found, lost, kept…
  return null;
}

const PAST_TO_PRESENT: Record<string, string> = {
  beat: 'beats',
  won: 'wins',
  found: 'finds',
  made: 'makes',
  took: 'takes',
  said: 'says',
  held: 'holds',
  sold: 'sells',
  lost: 'loses',
  spent: 'spends',
  paid: 'pays',
  cut: 'cuts',
  set: 'sets',
  left: 'leaves',
  ran: 'runs',
  gave: 'gives',
  chose: 'chooses',
  fell: 'falls',
  rose: 'rises',
  grew: 'grows',
  built: 'builds',
  brought: 'brings',
  bought: 'buys',
  met: 'meets',
  went: 'goes',
  came: 'comes',
  began: 'begins',
  hit: 'hits',
  struck: 'strikes',
  shut: 'shuts',
  quit: 'quits',
  led: 'leads',
  sent: 'sends',
  told: 'tells',
  kept: 'keeps',
  caught: 'catches',
  drew: 'draws',
  threw: 'throws',
  wrote: 'writes',
  saw: 'sees',
  got: 'gets',
  put: 'puts',
  sought: 'seeks',
  stole: 'steals',
  broke: 'breaks',
  shot: 'shoots',
  fought: 'fights',
  taught: 'teaches',
  thought: 'thinks',
  heard: 'hears',
  meant: 'means',
  became: 'becomes',
  did: 'does',
  had: 'has',
  was: 'is',
  were: 'are',
  knew: 'knows',
  drove: 'drives',
  flew: 'flies',
  hung: 'hangs',
  lent: 'lends',
  bet: 'bets',
  split: 'splits',
  spread: 'spreads',
  read: 'reads',
  hurt: 'hurts',
  cost: 'costs',
  sank: 'sinks',
  swore: 'swears',
  tore: 'tears',
  wore: 'wears',
  withdrew: 'withdraws',
  oversaw: 'oversees',
  stood: 'stands',
  understood: 'understands',
  sat: 'sits',
  slid: 'slides',
  struck_: 'strikes',
  dug: 'digs',
  fed: 'feeds',
  fled: 'flees',
  forgave: 'forgives',
  froze: 'freezes',
  hid: 'hides',
  rode: 'rides',
  shook: 'shakes',
  spoke: 'speaks',
  swam: 'swims',
  woke: 'wakes',
  bound: 'binds',
};
const KEEP_E = /(v|z|c|g|u|ng|[^aeiou][aeiou][tmnrlsdkbp]|[aeiou]s|[aeiou]r|ns|rs|ps|ls|[^aeiou]l|th)$/;
const NO_E =
  /(en|er|al|el|ain|ail|eal|eat|eet|oin|oil|ard|ord|ack|ock|ick|uck|eck|ect|ent|ant|ist|ast|est|ust|ind|end|and|ond|und|orm|arm|irm|ern|urn|air|ear|oor|our|eer|ew|ow|aw|ay|ey|oy|ss|sh|ch|mp|nk|sk|lk|rk|lp|rm|rn|lt|ft|pt|xt|ht|ll)$/;
const NO_E_WORDS = new Set([
  'develop',
  'visit',
  'limit',
  'edit',
  'credit',
  'audit',
  'exit',
  'profit',
  'deposit',
  'focus',
  'bias',
  'target',
  'budget',
  'market',
  'happen',
  'open',
  'listen',
  'offer',
  'order',
  'deliver',
  'enter',
  'consider',
  'honor',
  'monitor',
  'gallop',
  'envelop',
  'gossip',
  'worship',
  'kidnap',
  'pilot',
  'ballot',
  'pivot',
  'rocket',
  'ticket',
  'benefit',
  'vomit',
  'inherit',
  'inhabit',
  'exhibit',
  'prohibit',
  'solicit',
  'elicit',
  'posit',
  'inhibit',
  'summon',
  'reckon',
  'beckon',
  'abandon',
  'pardon',
  'question',
  'mention',
  'station',
  'petition',
  'position',
  'function',
  'caution',
  'sanction',
  'auction',
  'fashion',
  'cushion',
  'poison',
  'season',
  'reason',
  'weapon',
  'iron',
  'son',
  'belong',
  'long',
  'wrong',
  'bang',
  'prolong',
  'favor',
  'labor',
  'author',
  'anchor',
  'mirror',
  'harbor',
  'color',
  'tailor',
  'sponsor',
  'censor',
  'pocket',
  'bracket',
  'blanket',
  'interpret',
  'covet',
  'buffet',
  'diet',
  'quiet',
  'upset',
  'champion',
  'imprison',
  'ransom',
  'blossom',
  'bottom',
  'accustom',
  'doom',
]);
const PAST_EED = new Set(['agreed', 'disagreed', 'freed', 'decreed', 'guaranteed', 'refereed', 'emceed']);
const SPECIAL: Record<string, string> = { creat: 'create' };
const DOUBLED = /([bdfgklmnprtvz])\1$/;

/** Base form of a regular or irregular past-tense verb ("voted" → "vote", "stopped" → "stop"); null when unsure. */
export function baseOfPast(past: string): string | null {
  const p = past.toLowerCase();
  const present = PAST_TO_PRESENT[p];
  if (present)
    return present === 'is' || present === 'are'
      ? present
      : present
          .replace(/(ches|shes|sses|xes)$/, (e) => e.slice(0, -2))
          .replace(/ies$/, 'y')
          .replace(/s$/, '');
  if (!/ed$/.test(p) || p.length < 4) return null;
  if (/ied$/.test(p)) return p.slice(0, -3) + 'y';
  const stem = p.slice(0, -2);
  if (/eed$/.test(p)) return PAST_EED.has(p) ? p.slice(0, -1) : null; // agreed → agree; need is no past tense
  if (SPECIAL[stem]) return SPECIAL[stem]!;
  if (DOUBLED.test(stem) && !/(ll|ss|zz|ff)$/.test(stem)) return stem.slice(0, -1);
  if (NO_E_WORDS.has(stem) || NO_E.test(stem)) return stem;
  if (KEEP_E.test(stem)) return `${stem}e`;
  return stem;
}

/** Third-person present ("voted" → "votes"); null when unsure. */
export function presentOfPast(past: string): string | null {
  const p = past.toLowerCase();
  if (PAST_TO_PRESENT[p]) return PAST_TO_PRESENT[p]!;
  const base = baseOfPast(p);
  if (!base) return null;
  if (/(ch|sh|s|x|z|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

const FINITE_WORDS = new Set(
  'is are was were has have had will would can could should may might must did does do said says say told tells'.split(' '),
);

/** Whether a word is a finite verb form a clause can stand on: an auxiliary, a modal or a simple past ("voted", "took"). */
export function isFiniteVerb(word: string): boolean {
  const w = word.toLowerCase();
  return FINITE_WORDS.has(w) || w in PAST_TO_PRESENT || (/ed$/.test(w) && baseOfPast(w) !== null);
}

const IRREGULAR_PAST_FORMS = new Set(Object.values(IRREGULAR_PAST));

/** Whether a word is a simple past form other than was/were: English past tense does not change with its subject's number. */
export function isPastTense(word: string): boolean {
  const w = word.toLowerCase();
  if (w === 'was' || w === 'were') return false;
  return IRREGULAR_PAST_FORMS.has(w) || (w in PAST_TO_PRESENT && w !== PAST_TO_PRESENT[w]) || (/ed$/.test(w) && baseOfPast(w) !== null);
}
