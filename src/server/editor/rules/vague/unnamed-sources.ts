import { groupClaims } from './group-sources';
import { defineRule, scan, wordRegex } from '../rule';

const SAY =
  '(?:say|says|said|believe|believes|believed|argue|argues|argued|contend|contends|claim|claims|claimed|warn|warns|warned|agree|agrees|suggest|suggests|fear|fears|worry|worries|note|notes|point out|told|think|thinks)';
const UNNAMED = [
  `(?:sources|insiders|critics|experts|observers|analysts|opponents|skeptics|detractors|some|many|others|some people|many people|some residents|many residents|some officials|rumors|reports|studies|some experts|many experts)\\s+${SAY}`,
  'it is (?:widely\\s+)?(?:believed|thought|said|reported|understood|rumored|alleged|expected|feared|claimed)',
  'it has been (?:reported|said|suggested|claimed|alleged)',
  'reportedly',
  'according to (?:reports|sources|some|many|experts|critics|observers|rumors)',
  'some have (?:said|suggested|argued|claimed)',
  'there are those who',
  'people are saying',
  'word (?:around|at|in|on) (?:the |this )?[\\p{L}-]+ (?:is|was|has it)',
  'word is',
  'rumor has it',
  '(?:called|described as|hailed as|considered|seen as|viewed as|labeled|dubbed)\\s+(?:an?\\s+)?(?:[\\p{L}-]+\\s+){0,3}by\\s+(?:some\\s+|many\\s+|other\\s+)?(?:experts|critics|observers|analysts|insiders|some|many|others)(?:\\s+in\\s+the\\s+field)?',
];

export const unnamedSources = defineRule({
  id: 'vague/unnamed-sources',
  category: 'vague',
  explanation:
    'Name who said it: "sources said", "critics say", "experts believe" or "reportedly" hide the source and leave readers unable to judge the claim.',
  autoFix: false,
  check(doc) {
    const hits = scan(doc.outsideQuotes, wordRegex(UNNAMED.join('|'), 'giu'), (m) => {
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `Vague attribution: "${m[0]}". Name the source or cut the claim.`,
        suggestion: null,
      };
    });
    for (const claim of groupClaims(doc)) {
      if (hits.some((h) => h.start < claim.end && claim.start < h.end)) continue;
      hits.push({
        start: claim.start,
        end: claim.end,
        message: `Vague attribution: "${claim.text}" names no one. Name the people, or say how many and how they were chosen.`,
        suggestion: null,
      });
    }
    return hits;
  },
});
