import { matchCase } from '../../text/words';
import { defineRule, scan } from '../rule';

/** Words spelled with a vowel but said with a consonant sound, and the reverse. */
const CONSONANT_SOUND =
  /^(one\b|ones\b|once|eu|ewe|uni(?!nt|nh|mp|nf|ns|nd|nv|nc|nl|nk)|unan|use|usu|uti|ure|uri|uro|ura|uru|utah|uk|ubiq|ufo|uganda|ute|u\b|u-)/i;
const VOWEL_SOUND_H = /^(hour|honest|honor|honour|heir|herb)/i;
/** Letters whose names start with a vowel sound (an FBI agent, an MRI). */
const VOWEL_LETTERS = 'AEFHILMNORSX';

export const indefiniteArticle = defineRule({
  id: 'grammar/indefinite-article',
  category: 'grammar',
  explanation: 'Use "an" before a vowel sound (an hour, an FBI agent) and "a" before a consonant sound (a union, a historic vote).',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    return scan(text, /(?<![\p{L}\p{N}.'’-])(a|an|A|An)\s+([\p{L}\p{N}][\p{L}\p{N}'’-]*)/gu, (m) => {
      const article = m[1]!;
      const word = m[2]!;
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 1);
      if (after === '.' && word.length === 1) return null; // a.m.
      // a capital A after a name is a letter, not an article: Plan A, Section A, Class A office space
      if (article === 'A' && !doc.startsSentence(m.index) && /\p{Lu}[\p{L}.]*\s+$/u.test(text.slice(Math.max(0, m.index - 20), m.index)))
        return null;
      let wantsAn: boolean;
      if (/^\d/.test(word)) wantsAn = /^8|^(11|18)(?![\d.])|^(11|18),\d{3}/.test(word);
      else if (/^[A-Za-z](?:[-\d]|$)/.test(word))
        wantsAn = VOWEL_LETTERS.includes(word[0]!.toUpperCase()); // an F-16, an R-rated film, an x-ray
      else if ((/^[A-Z]{2,5}$/.test(word) && !/[AEIOU]/.test(word.slice(1))) || /^[A-Z]{2,3}$/.test(word))
        wantsAn = VOWEL_LETTERS.includes(word[0]!);
      else if (/^[A-Z]{4,}$/.test(word))
        return null; // pronounced as a word (NASA); cannot tell
      else if (VOWEL_SOUND_H.test(word)) wantsAn = true;
      else if (/^[aeiou]/i.test(word)) wantsAn = !CONSONANT_SOUND.test(word);
      else wantsAn = false;
      const isAn = article.toLowerCase() === 'an';
      if (isAn === wantsAn) return null;
      const right = matchCase(article, wantsAn ? 'an' : 'a');
      return { start: m.index, end: m.index + m[0].length, message: `Use "${right}" before "${word}".`, suggestion: `${right} ${word}` };
    });
  },
});
