import { findStockPhrases, type StockKind } from '../../text/stock-phrases';
import { defineRule, phraseRegex, scan } from '../rule';
import type { Hit } from '../rule';

/** Business jargon and news clichés; each needs the writer to say plainly what happened. */
export const JARGON_CLICHES = [
  'all-cause mortality',
  'at the end of the day',
  'synergy',
  'synergies',
  'paradigm shift',
  'think outside the box',
  'game changer',
  'game-changer',
  'going forward',
  'moving forward',
  'low-hanging fruit',
  'circle back',
  'touch base',
  'best practices',
  'win-win',
  'perfect storm',
  'tip of the iceberg',
  'only time will tell',
  'push the envelope',
  'pushing the envelope',
  'raise the bar',
  'level playing field',
  'state-of-the-art',
  'cutting-edge',
  'world-class',
  'best-in-class',
  'stakeholders',
  'impactful',
  'incentivize',
  'operationalize',
  'actionable',
  'deliverables',
  'core competency',
  'core competencies',
  'value-added',
  'mission-critical',
  'deep dive',
  'drill down',
  'ballpark figure',
  'hit the ground running',
  'elephant in the room',
  'avoid like the plague',
  'calm before the storm',
  'few and far between',
  'last but not least',
  'it goes without saying',
  'in this day and age',
  'when all is said and done',
  'blessing in disguise',
  'nipped in the bud',
  'sea change',
  'all walks of life',
  'grind to a halt',
  'ground to a halt',
  'sent shock waves',
  'sent shockwaves',
  'leave no stone unturned',
  'no stone unturned',
  'tight-knit community',
  'close-knit community',
  'rushed to the scene',
  'bombshell',
  'miraculously escaped',
  'a far cry from',
  'the writing on the wall',
  'poised to',
  'slated to',
  'leverage',
  'leveraged',
  'leveraging',
  'holistic',
  'seamless',
  'seamlessly',
  'robust',
  'paradigm',
  'thought leader',
  'move the needle',
  'boots on the ground',
  'skin in the game',
  'on the same page',
  'outside the box',
  'bandwidth',
  'ecosystem of',
  'value proposition',
  'key takeaway',
  'key takeaways',
  'track record of success',
  'laser-focused',
  'double down',
  'doubling down',
  'pivot to',
];

const PROSE_KINDS: readonly StockKind[] = ['corporate', 'sports', 'police', 'academic', 'cliche'];
const STOCK_LABEL: Record<StockKind, string> = {
  corporate: 'Corporate jargon',
  sports: 'Sports cliché',
  police: 'Police jargon',
  academic: 'Academic jargon',
  cliche: 'Cliché',
};

export const jargonCliches = defineRule({
  id: 'clarity/jargon-cliches',
  category: 'clarity',
  explanation:
    'Jargon and clichés (synergy, at the end of the day, going forward) stand in for facts: say plainly what happened or what will change.',
  autoFix: false,
  check(doc) {
    const listed = scan(doc.outsideQuotes, phraseRegex(JARGON_CLICHES), (m) => {
      if (
        /^(leverage|bandwidth)/i.test(m[0]) &&
        /\b(financial|loan|debt|network|internet|broadband)\b/i.test(doc.text.slice(Math.max(0, m.index - 40), m.index + 40))
      )
        return null;
      return { start: m.index, end: m.index + m[0].length, message: `Cliché or jargon: "${m[0]}". Say it plainly.`, suggestion: null };
    });
    const stock: Hit[] = findStockPhrases(doc, PROSE_KINDS)
      .filter((h) => !doc.inQuote(h.start, h.end) && !listed.some((l) => l.start < h.end && h.start < l.end))
      .map((h) => {
        const words = doc.text.slice(h.start, h.end);
        return { start: h.start, end: h.end, message: `${STOCK_LABEL[h.kind]}: "${words}". Say plainly what happened.`, suggestion: null };
      });
    return [...listed, ...stock];
  },
});
