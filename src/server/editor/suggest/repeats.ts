import { tagWords } from './nlp';
import { sentencesOf } from './opinion';

/** How much of one sentence another already says for the two to count as the same sentence. */
const SAME = 0.8;

const contentOf = (sentence: string) =>
  new Set(
    tagWords(sentence)
      .filter((w) => ['NOUN', 'PROPN', 'VERB', 'NUM', 'ADJ'].includes(w.pos))
      .map((w) => (w.pos === 'VERB' ? w.lemma : w.text).toLowerCase()),
  );

/**
 * Whether a suggestion says one thing twice: two of its sentences the same or
 * nearly (one's content words almost all in the other, whatever the tense).
 */
export function repeatsItself(text: string): boolean {
  const sentences = sentencesOf(text).map(contentOf);
  for (let i = 0; i < sentences.length; i++)
    for (let j = i + 1; j < sentences.length; j++) {
      const [a, b] = [sentences[i]!, sentences[j]!];
      const shared = [...a].filter((w) => b.has(w)).length;
      const smaller = Math.min(a.size, b.size);
      if (smaller && shared / smaller >= SAME) return true;
    }
  return false;
}
