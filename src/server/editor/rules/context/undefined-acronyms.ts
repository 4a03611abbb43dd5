import { defineRule } from '../rule';
import type { Hit } from '../rule';

/** Acronyms AP allows on first reference, and everyday ones readers know. */
export const WELL_KNOWN = new Set(
  (
    'AP ABC CBS NBC CNN NPR PBS BBC ESPN HBO FBI CIA NSA NASA NATO UN US USA UK EU GOP TV DNA HIV AIDS CEO CFO COO CTO ATM PIN GPS IQ ID IRS NFL NBA MLB NHL NCAA WNBA MLS NASCAR PGA ' +
    'NAACP AARP ACLU SUV UFO COVID PC AM FM CD DVD PDF URL AI IT LGBT LGBTQ MRI ICU CPR EMT ER OK PhD MBA SAT ACT GED GDP CPI LLC PTA YMCA YWCA ROTC NYPD LAPD ' +
    'USDA FDA EPA CDC FEMA FAA FCC SEC DOJ DHS ICE TSA NOAA NWS DMV UPS USPS HR PR VIP SWAT DUI DWI RV ATV BMX CEO AC HVAC LED LCD WWII WWI MVP RBI ERA NIH WHO OPEC ' +
    'I II III IV V VI VII VIII IX X XI XII AKA RSVP ASAP FAQ FYI DIY BBQ CST EST PST MST CDT EDT PDT MDT ET PT UTC GMT DC APR IPO NFT LA NYC DDT JAMA EF0 EF1 EF2 EF3 EF4 EF5'
  ).split(' '),
);
const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'on', 'in', 'to', 'a', 'an', '&', 'at', 'by', 'with']);

/** Whether some run of words before `before` has initials that spell the acronym (Tax Increment Financing → TIF). */
function spelledOutBefore(text: string, acronym: string, before: number): boolean {
  const letters = acronym.replace(/[^A-Z]/g, '');
  if (letters.length < 2) return true;
  const words = text.slice(0, before).match(/[\p{L}&]+/gu) ?? [];
  const initials = words.map((w) => (SMALL_WORDS.has(w.toLowerCase()) ? '' : w[0]!.toUpperCase()));
  const joined = initials.join('');
  return joined.includes(letters);
}

export const undefinedAcronyms = defineRule({
  id: 'context/undefined-acronyms',
  category: 'context',
  explanation:
    'Spell out an acronym on first reference (well-known ones such as FBI or NASA excepted): readers should not have to guess what SRF or TIF means.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    const letters = text.match(/\p{L}/gu)?.length ?? 0;
    const upper = text.match(/\p{Lu}/gu)?.length ?? 0;
    if (letters > 0 && upper / letters > 0.5) return []; // an all-caps text, not acronyms
    const seen = new Set<string>();
    const hits: Hit[] = [];
    // agencies' mixed-case initials count too: MnDOT, PennDOT
    for (const m of text.matchAll(/(?<![\p{L}\p{N}.&-])([A-Z][A-Z&]{1,5}[0-9]?|[A-Z][a-z]{1,3}[A-Z]{2,5})(s)?(?![\p{L}\p{N}&-])/gu)) {
      const acronym = m[1]!;
      const at = m.index;
      if (doc.inLayout(at, at + acronym.length)) continue; // a dateline city (BOISE) or a section label (UP NEXT)
      if (seen.has(acronym)) continue;
      seen.add(acronym);
      if (WELL_KNOWN.has(acronym) || /^[IVXLC]+$/.test(acronym) || !/[A-Z].*[A-Z]/.test(acronym)) continue;
      const after = text.slice(at + m[0].length, at + m[0].length + 80);
      if (/^\s*\(/.test(after) && /^\s*\(([^)]+)\)/.test(after)) continue; // "SRF (State Revolving Fund)"
      if (/\(\s*$/.test(text.slice(Math.max(0, at - 2), at))) continue; // "State Revolving Fund (SRF)"
      if (spelledOutBefore(text, acronym, at)) continue;
      // a title or proper name that is its initials: "published in The BMJ", "the journal NEJM Evidence"
      const before = text.slice(Math.max(0, at - 40), at);
      const the = /\bThe\s+$/.exec(before);
      if (the && !doc.startsSentence(at - the[0].length)) continue;
      if (/\b(?:journal|magazine|newspaper|published in|published by|(?:wrote|writing|reported) in)\s+(?:the\s+)?$/i.test(before)) continue;
      // a heading or shouted word inside an all-caps run is not an acronym
      const around = text.slice(Math.max(0, at - 20), at + acronym.length + 20);
      if (/[A-Z]{3,}\s+[A-Z]{3,}\s+[A-Z]{3,}/.test(around)) continue;
      hits.push({ start: at, end: at + acronym.length, message: `Spell out "${acronym}" on first reference.`, suggestion: null });
    }
    return hits;
  },
});
