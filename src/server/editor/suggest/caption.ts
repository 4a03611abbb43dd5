import { countWords } from '../text/words';
import { findWhen, findWhere, storySentences, stripAttribution, stripFinalPunctuation, toHeadlineTense } from './facts';

/**
 * A caption in the who-what-where-when form: the lead's action in the present
 * tense with its place and day (taken from the story when the lead lacks them),
 * then one sentence of background. Every fact comes from the copy.
 */
export function captions(text: string): string[] {
  const sentences = storySentences(text).filter((s) => !s.quote && countWords(s.text) >= 5);
  const lead = sentences[0];
  if (!lead) return [];
  let first = stripFinalPunctuation(stripAttribution(lead.text));
  first = toHeadlineTense(first);
  const all = sentences.map((s) => s.text).join(' ');
  const where = findWhere(first) ? null : findWhere(all);
  const when = findWhen(first) ? null : findWhen(all);
  const parts = [first];
  if (where) parts.push(where);
  if (when) parts.push(when);
  const main = `${parts.join(' ').replace(/\s+,/g, ',')}.`;
  const background = sentences[1]?.text;
  const out = [background ? `${main} ${background}` : main];
  // a second caption led by the person the story quotes or names first
  const person = sentences.find((s) => s !== lead && /\p{Lu}[\p{L}'’-]+ \p{Lu}[\p{L}'’-]+,? [^.]*\bsaid\b/u.test(s.text));
  if (person && person.text !== background) out.push(`${main} ${person.text}`);
  return out;
}
