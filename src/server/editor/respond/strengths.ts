import { countWords } from '../text/words';
import type { Analysis } from '../types';
import type { Doc } from '../text/document';

/** What the copy does well, stated only when the checks bear it out. */
export function strengths(doc: Doc, analysis: Analysis, grammarChecked: boolean): string[] {
  const { findings, stats } = analysis;
  const has = (pred: (ruleId: string, category: string) => boolean) => findings.some((f) => pred(f.ruleId, f.category));
  const out: string[] = [];
  const lead = doc.sentences[0];
  if (lead) {
    const n = countWords(lead.text);
    if (n <= 35 && n >= 8) out.push(`The lead is ${n} words: it gets to the news without crowding it.`);
  }
  if (doc.quotes.length > 0 && !has((_, c) => c === 'quote'))
    out.push('Every quote is attributed and adds a voice rather than restating facts.');
  if (
    /\b(said|says|according to|told)\b/.test(doc.outsideQuotes) &&
    !has((_, c) => c === 'vague') &&
    !has((id) => id === 'context/anonymous-sources')
  ) {
    out.push('Claims are attributed to named sources.');
  }
  if (/\d/.test(doc.text) && !has((id) => id === 'vague/weasel-quantities') && !has((id) => id === 'context/change-without-baseline')) {
    out.push('It gives specific figures instead of vague quantities.');
  }
  if (!has((_, c) => c === 'style')) out.push('It follows AP style on numbers, dates, times, titles and attribution.');
  if (grammarChecked && !has((_, c) => c === 'grammar')) out.push('No spelling or grammar errors found.');
  if (!has((id) => id === 'clarity/passive-voice') && stats.sentences > 1) out.push('Active voice throughout: the actors come first.');
  if (stats.readingGrade > 0 && stats.readingGrade <= 10) out.push(`It reads at grade ${stats.readingGrade}, easy for a general audience.`);
  if (!has((_, c) => c === 'legal') && /\b(charged|arrested|accused|suspect)\b/i.test(doc.text))
    out.push('Legal wording is careful: the accused are not called guilty.');
  return out.slice(0, 4);
}
