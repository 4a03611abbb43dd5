import { findStockPhrases } from '../../text/stock-phrases';
import type { Hit } from '../rule';
import { defineRule } from '../rule';
import { quotations } from './quotations';

/** Stock lines a source would say about any game, any death or any company. */
const CLICHES = new RegExp(
  [
    // sports
    'one (?:game|day|play|shift|pitch|possession|inning|snap|point|race|match|step|week|meet|round|hole|at-bat|series) at a time',
    '1[01]0 ?(?:percent|%)',
    "it(?: is|['’]s) what it is",
    '(?:came|come|comes|coming) (?:out )?(?:ready )?to play',
    'back to the drawing board',
    'give (?:them|him|her|those guys) (?:a lot of )?credit',
    'credit to (?:them|him|her)',
    'left it all (?:out )?on the (?:field|court|ice|floor|mat|course)',
    'at the end of the day',
    'control what we can control',
    'play(?:ed)? our (?:game|brand)',
    'gave it (?:our|their|his|her|everything) (?:all|we had|they had)',
    'wanted it more',
    'total team effort',
    'a team effort',
    'bounce back',
    'stay(?:ed)? focused',
    'step(?:ped)? up (?:big|when it mattered)',
    'we just have to (?:keep|get|go)',
    'we have to (?:get better|keep working|go back)',
    // obituaries
    "(?:(?:will|would) |['’]ll )be (?:deeply |sorely |greatly |truly |dearly )?missed",
    'wonderful (?:person|man|woman|lady)',
    'heart of gold',
    'shirt off (?:his|her) back',
    'never met a stranger',
    'l(?:it|ight|ights) up (?:a|any|the|every) room',
    'one of a kind',
    'in a better place',
    'touched so many (?:lives|people)',
    'larger than life',
    'loved (?:his|her) family',
    // corporate
    '(?:remain|remains|are|is|stay) (?:fully |deeply )?committed to',
    'our (?:top |number one |highest |first )?priority',
    'best-in-class',
    'going forward',
    'core values',
    'innovative solutions',
    'seamless(?:ly)?',
    'customer-(?:centric|focused)',
    'leverag(?:e|ing) (?:our|the)',
    'take (?:this|it|things) to the next level',
    'pleased with (?:the|our) (?:results|progress)',
    'the safety of (?:our|the) (?:customers|employees|residents|community|patients) is',
  ].join('|'),
  'i',
);

export const cliches = defineRule({
  id: 'quote/cliches',
  category: 'quote',
  explanation:
    'A quote earns its place by saying what only that source could say; stock lines ("one game at a time", "will be deeply missed", "remain committed to") belong to anyone, so paraphrase or cut them.',
  autoFix: false,
  check(doc) {
    const hits: Hit[] = [];
    for (const q of quotations(doc)) {
      const stock = findStockPhrases(doc, ['sports', 'corporate'], q.start, q.end)[0];
      const m = CLICHES.exec(q.content) ?? (stock ? [doc.text.slice(stock.start, stock.end)] : null);
      if (!m) continue;
      hits.push({
        start: q.start,
        end: q.end,
        message: `Weak quote: "${m[0]}" is a stock line. Ask for something specific, or paraphrase.`,
        suggestion: null,
      });
    }
    return hits;
  },
});
