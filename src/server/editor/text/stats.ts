import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import type { Stats } from '../types';
import type { SentenceSpan } from './sentences';
import { WORD_RE } from './words';

export function computeStats(text: string, sentences: readonly SentenceSpan[]): Stats {
  let words = 0;
  let syllables = 0;
  for (const m of text.matchAll(WORD_RE)) {
    words++;
    const w = m[0];
    syllables += /\p{L}/u.test(w) ? Math.max(1, syllable(w)) : 1;
  }
  const counted = sentences.length;
  if (words === 0 || counted === 0) return { words, sentences: words === 0 ? 0 : Math.max(1, counted), readingGrade: 0 };
  const grade = fleschKincaid({ sentence: counted, word: words, syllable: syllables });
  return { words, sentences: counted, readingGrade: Math.max(0, Math.round(grade * 10) / 10) };
}
