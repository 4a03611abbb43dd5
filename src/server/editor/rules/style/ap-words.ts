import { matchCase } from '../../text/words';
import { defineRule, lookup, phraseRegex, scan } from '../rule';

/** AP Stylebook spellings and word forms. Keys are lower case. */
export const AP_WORDS: Record<string, string> = {
  towards: 'toward',
  afterwards: 'afterward',
  backwards: 'backward',
  upwards: 'upward',
  downwards: 'downward',
  amongst: 'among',
  whilst: 'while',
  okay: 'OK',
  okayed: 'OK’d',
  'o.k.': 'OK',
  'e-mail': 'email',
  'e-mails': 'emails',
  'e-mailed': 'emailed',
  'web site': 'website',
  'web sites': 'websites',
  'web page': 'webpage',
  'web pages': 'webpages',
  'on-line': 'online',
  advisor: 'adviser',
  advisors: 'advisers',
  'cell phone': 'cellphone',
  'cell phones': 'cellphones',
  healthcare: 'health care',
  'health-care': 'health care',
  'non-profit': 'nonprofit',
  'non-profits': 'nonprofits',
  'fund-raiser': 'fundraiser',
  'fund-raisers': 'fundraisers',
  'fund-raising': 'fundraising',
  'teen-ager': 'teenager',
  'teen-agers': 'teenagers',
  alright: 'all right',
  judgement: 'judgment',
  judgements: 'judgments',
  acknowledgement: 'acknowledgment',
  cancelled: 'canceled',
  cancelling: 'canceling',
  travelled: 'traveled',
  travelling: 'traveling',
  traveller: 'traveler',
  travellers: 'travelers',
  wifi: 'Wi-Fi',
  'wi-fi': 'Wi-Fi',
  't.v.': 'TV',
  'pre-school': 'preschool',
  're-elect': 'reelect',
  're-elected': 'reelected',
  're-election': 'reelection',
  'fire fighter': 'firefighter',
  'fire fighters': 'firefighters',
  'under way': 'underway',
  xmas: 'Christmas',
  'u.s.a.': 'U.S.',
  'co-operate': 'cooperate',
  'co-ordinate': 'coordinate',
  'kick-off': 'kickoff',
  'log-in': 'login',
  'lay-off': 'layoff',
  'lay-offs': 'layoffs',
  'per-cent': 'percent',
};

export const apWords = defineRule({
  id: 'style/ap-words',
  category: 'style',
  explanation:
    'AP style fixes the spelling of common words: toward, OK, adviser, email, website, internet, health care, nonprofit, fundraiser, canceled.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const listed = scan(text, phraseRegex(Object.keys(AP_WORDS)), (m) => {
      const right = lookup(AP_WORDS, m[0])!;
      if (right === m[0].toLowerCase()) return null;
      // a capital inside a sentence marks a name that keeps its spelling: Fidelity Advisor Fund, Kaiser Healthcare
      if (/^\p{Lu}/u.test(m[0]) && !/^\p{Lu}/u.test(right) && !doc.startsSentence(m.index)) return null;
      const suggestion = /^[A-Z]/.test(right) ? right : matchCase(m[0], right);
      if (suggestion === m[0]) return null;
      return { start: m.index, end: m.index + m[0].length, message: `AP style: "${suggestion}", not "${m[0]}".`, suggestion };
    });
    // AP lowercases internet and web; a capital at the start of a sentence is fine
    const lower = scan(text, /(?<![\p{L}])(Internet|Web)(?![\p{L}-])/gu, (m) => {
      if (doc.startsSentence(m.index)) return null;
      if (/^\s+\p{Lu}/u.test(text.slice(m.index + m[0].length, m.index + m[0].length + 3))) return null; // Internet Explorer, Web Summit
      if (m[1] === 'Web' && !/\b(the|on|a)\s+$/.test(text.slice(Math.max(0, m.index - 6), m.index))) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `AP style lowercases "${m[1]!.toLowerCase()}".`,
        suggestion: m[1]!.toLowerCase(),
      };
    });
    // "the 1970's", "the '80's": a decade is a plural, not a possessive
    const decades = scan(doc.outsideQuotes, /(?<![\p{L}\p{N}])((?:1[5-9]|20)\d0|['’]\d0)['’]s(?![\p{L}])/gu, (m) => ({
      start: m.index,
      end: m.index + m[0].length,
      message: `A decade takes no apostrophe before the s: "${m[1]}s".`,
      suggestion: `${m[1]}s`,
    }));
    return [...listed, ...lower, ...decades];
  },
});
