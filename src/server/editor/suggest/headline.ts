import { countWords } from '../text/words';
import {
  findWhen,
  findWhere,
  storySentences,
  stripAttribution,
  stripDays,
  stripFinalPunctuation,
  stripIntro,
  toHeadlineTense,
} from './facts';

export const HEADLINE_MAX = 70;

const STATES =
  'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Calif\\.|Ill\\.|Mass\\.|Fla\\.|Tenn\\.|Ore\\.|Pa\\.|Va\\.|Wash\\.|Ga\\.|Mich\\.|Minn\\.|Mo\\.|Md\\.|Conn\\.|Colo\\.|Ariz\\.|Ala\\.|Ky\\.|La\\.|N\\.Y\\.|N\\.J\\.|N\\.C\\.|S\\.C\\.';

const TIME = '(?:\\d{1,2}(?::\\d\\d)?\\s[ap]\\.m\\.|noon|midnight)';

/** Removes what a headline leaves out: ages, appositives, states after cities, times, -ly adverbs. */
export function condense(s: string): string {
  return s
    .replace(/,\s+\d{1,3},/g, '')
    .replace(new RegExp(`,\\s+(?:${STATES}),?`, 'g'), '')
    .replace(/,\s+(?:the|a|an|who|which)\s+[^,]{3,60},/g, '')
    .replace(new RegExp(`\\s+(?:(?:from|until|by|at|after|before|between)\\s+)?${TIME}(?:\\s+(?:to|until|and)\\s+${TIME})?`, 'g'), '')
    .replace(/\s+\p{Ll}+ly\b(?=\s)/gu, (m) =>
      /^\s+(only|early|daily|weekly|monthly|yearly|nearly|family|rally|supply|apply|reply|fly|ally|july|italy)$/i.test(m) ? m : '',
    )
    .replace(/\s{2,}/g, ' ');
}

const CUTS = [
  /,\s/g,
  /\s+(?:and|but|while|though|although|after|before|because|since|until|as|starting|including)\s/g,
  /\s+(?:in|at|on|for|from|with|during|over|near|by|of|under|between|until)\s/g,
  /\s+to\s(?=[\p{Lu}\d$]|the\s|a\s|an\s|its\s|their\s)/gu,
];

/** Cuts the last trailing phrase (clause, then prepositional phrase) until the headline fits. */
export function fit(headline: string, max: number): string | null {
  let h = headline;
  let guard = 0;
  while (h.length > max && guard++ < 16) {
    let cut = -1;
    for (const re of CUTS) {
      for (const m of h.matchAll(re)) if (countWords(h.slice(0, m.index)) >= 4) cut = Math.max(cut, m.index);
      if (cut >= 0) break;
    }
    if (cut < 0) return null;
    h = h.slice(0, cut);
  }
  return h.length <= max ? stripFinalPunctuation(h) : null;
}

/** Headline style drops articles inside the line. */
export const dropArticles = (s: string) => s.replace(/(?<=\S\s)(?:the|a|an)\s+/g, '');

/** "Library Director Helen Brandt said residents asked…" → "Helen Brandt says residents asked…" */
function speakerHeadline(sentence: string): string | null {
  const m = sentence.match(/^((?:\p{Lu}[\p{L}.'’-]*\s+)+)said\s+(?:that\s+)?(\p{Ll}[^"“”]+)$/u);
  if (!m) return null;
  const name = m[1]!.trim().split(/\s+/).slice(-2).join(' ');
  const h = fit(stripFinalPunctuation(condense(`${name} says ${stripAttribution(m[2]!)}`)), HEADLINE_MAX);
  return h && countWords(h) >= 5 ? h : null;
}

function headlineFrom(sentence: string): string | null {
  const speaker = speakerHeadline(stripFinalPunctuation(condense(sentence.trim())));
  if (speaker) return speaker;
  let s = stripFinalPunctuation(stripAttribution(sentence.trim()));
  s = stripIntro(s);
  s = stripDays(s);
  s = condense(s);
  s = s.replace(/^(?:The|A|An)\s+/i, '');
  s = toHeadlineTense(s);
  if (!s) return null;
  s = s[0]!.toUpperCase() + s.slice(1);
  s = s.replace(/\s+(?:this|last|next) (?:year|week|month|season|fall|spring|summer|winter)\b/g, '');
  const h = fit(stripFinalPunctuation(s), HEADLINE_MAX) ?? fit(stripFinalPunctuation(dropArticles(s)), HEADLINE_MAX);
  return h && countWords(h) >= 4 ? h : null;
}

/** Three headlines in news style: present tense, active, no final period, at most 70 characters. */
export function headlines(text: string): string[] {
  const sentences = storySentences(text).filter((s) => !s.quote && !/^["“‘']/.test(s.text) && countWords(s.text) >= 5);
  const out: string[] = [];
  const add = (h: string | null) => {
    if (h && !out.some((o) => o.toLowerCase() === h.toLowerCase())) out.push(h);
  };
  if (sentences[0]) add(headlineFrom(sentences[0].text));
  const rest = sentences.slice(1);
  // a second sentence with a figure, then a speaker's point
  for (const s of rest.filter((s) => /\d/.test(s.text))) {
    if (out.length >= 2) break;
    add(headlineFrom(s.text));
  }
  for (const s of sentences) {
    if (out.length >= 3) break;
    add(headlineFrom(s.text));
  }
  // the lead again with its day or place, then a shorter cut of it
  const lead = out[0];
  if (out.length < 3 && lead && sentences[0]) {
    const when = findWhen(sentences[0].text);
    const where = findWhere(sentences[0].text);
    for (const extra of [when, where]) if (extra && `${lead} ${extra}`.length <= HEADLINE_MAX && out.length < 3) add(`${lead} ${extra}`);
    if (out.length < 3) add(dropArticles(lead));
    if (out.length < 3) add(fit(lead, Math.max(30, Math.floor(lead.length * 0.7))));
    // "…, fair manager Joan Pratt said." → "Joan Pratt says attendance at the fair reached…"
    const said = sentences[0].text.match(/^(.*?),\s+(?:[\p{L}'’-]+\s+){0,4}?((?:\p{Lu}[\p{L}'’-]+\s+)?\p{Lu}[\p{L}'’-]+)\s+said\.?$/u);
    if (out.length < 3 && said) {
      const clause = dropArticles(condense(stripDays(said[1]!)));
      const firstWord = clause.split(' ')[0]!;
      const proper = new RegExp(`\\S\\s${firstWord}\\b`).test(text) || /^\p{Lu}\S*\s\p{Lu}/u.test(clause);
      const h = fit(stripFinalPunctuation(`${said[2]} says ${proper ? clause : clause[0]!.toLowerCase() + clause.slice(1)}`), HEADLINE_MAX);
      if (h && countWords(h) >= 6) add(h);
    }
  }
  return out.slice(0, 3);
}
