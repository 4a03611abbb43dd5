import { matchCase } from '../../text/words';
import { defineRule, scan, wordRegex } from '../rule';

const DIED: Record<string, string> = { passed: 'died', passes: 'dies', pass: 'die', passing: 'dying' };

/** Death is reported plainly: "died", not "passed away" or "lost her battle with". */
export const euphemisms = defineRule({
  id: 'style/euphemisms',
  category: 'style',
  explanation:
    'AP style says "died": euphemisms such as "passed away" or "lost her battle with cancer" soften a fact the reader needs plainly.',
  autoFix: true,
  check(doc) {
    const passed = scan(
      doc.outsideQuotes,
      wordRegex('(passed|passes|pass|passing)\\s+(away|on|peacefully|quietly|suddenly|unexpectedly)', 'giu'),
      (m) => {
        const after = doc.text.slice(m.index + m[0].length, m.index + m[0].length + 30);
        // "passed on the offer", "passed on a 7-2 vote": only a death's words after "on" make it the euphemism
        if (
          /^on$/i.test(m[2]!) &&
          !/^\s*(?:peacefully|suddenly|unexpectedly|surrounded|at (?:home|the age)|in (?:his|her|their) sleep|[.,;])/i.test(after)
        )
          return null;
        // "passed peacefully Sunday": the adverb stays, the verb is "died"
        const adverb = /^(?:away|on)$/i.test(m[2]!) ? '' : ` ${m[2]}`;
        const right = matchCase(m[0], DIED[m[1]!.toLowerCase()]!) + adverb;
        return { start: m.index, end: m.index + m[0].length, message: `Write "${right}".`, suggestion: right };
      },
    );
    const battle = scan(
      doc.outsideQuotes,
      wordRegex(
        'lost\\s+(?:his|her|their)\\s+(?:long\\s+|brave\\s+|courageous\\s+|\\d+-year\\s+)?(?:battle|fight|struggle)\\s+(?:with|against)',
        'giu',
      ),
      (m) => ({
        start: m.index,
        end: m.index + m[0].length,
        message: 'Say plainly what the person died of ("died of cancer").',
        suggestion: null,
      }),
    );
    return [...passed, ...battle];
  },
});
