import type { Doc } from '../text/document';
import { countWords } from '../text/words';
import type { Analysis, Category, Finding } from '../types';

const ATTRIBUTION = /\b(said|says|told|according to|asked|added|wrote|testified|recalled|explained)\b/i;
const CHANGE_WITHOUT_FIGURE =
  /\b(doubled|tripled|quadrupled|halved|soared|plunged|plummeted|skyrocketed|surged|sharply|dramatically|significantly|substantially)\b/i;

interface Strength {
  /** What the copy does well, in the editor's words. */
  praise: string | ((doc: Doc, analysis: Analysis) => string);
  /** Whether the copy itself bears the praise out. */
  holds: (doc: Doc, analysis: Analysis, grammarChecked: boolean) => boolean;
  /** A finding that contradicts the praise: one is enough to withhold it. */
  contradictedBy: (f: Finding, doc: Doc) => boolean;
}

const inCategory =
  (...categories: Category[]) =>
  (f: Finding) =>
    categories.includes(f.category);

/** The paragraph around an offset: where a quote's speaker must be named. */
function paragraphAround(doc: Doc, offset: number): string {
  const sentence = doc.sentenceAt(offset);
  if (!sentence) return '';
  return doc.sentences
    .filter((s) => s.paragraph === sentence.paragraph)
    .map((s) => s.text)
    .join(' ');
}

const leadOf = (doc: Doc) => doc.sentences[0];

const STRENGTHS: Strength[] = [
  {
    praise: (doc) => `The lead is ${countWords(leadOf(doc)!.text)} words: it gets to the news without crowding it.`,
    holds: (doc) => {
      const lead = leadOf(doc);
      const n = lead ? countWords(lead.text) : 0;
      return n >= 8 && n <= 35 && !doc.inQuote(lead!.start, lead!.end);
    },
    contradictedBy: (f, doc) => {
      const lead = leadOf(doc);
      return Boolean(lead && f.start < lead.end && f.end > lead.start && f.category !== 'style');
    },
  },
  {
    praise: 'Every quote is attributed and adds a voice rather than restating facts.',
    holds: (doc) =>
      doc.quotes.length > 0 &&
      doc.quotes.every((q) => ATTRIBUTION.test(paragraphAround(doc, q.start).replace(doc.text.slice(q.contentStart, q.contentEnd), ' '))),
    contradictedBy: (f, doc) =>
      f.category === 'quote' || (f.category === 'vague' && doc.quotes.some((q) => q.start <= f.start && f.end <= q.end + 60)),
  },
  {
    praise: 'Claims are attributed to named sources.',
    holds: (doc) => ATTRIBUTION.test(doc.outsideQuotes),
    contradictedBy: (f) => f.category === 'vague' || f.ruleId.endsWith('anonymous-sources') || f.ruleId.endsWith('unattributed'),
  },
  {
    praise: 'It gives specific figures instead of vague quantities.',
    holds: (doc) => /\d/.test(doc.outsideQuotes) && !CHANGE_WITHOUT_FIGURE.test(doc.outsideQuotes),
    contradictedBy: inCategory('vague', 'context'),
  },
  {
    praise: 'It follows AP style on numbers, dates, times, titles and attribution.',
    holds: () => true,
    contradictedBy: inCategory('style'),
  },
  {
    praise: 'No spelling or grammar errors found.',
    holds: (_doc, _analysis, grammarChecked) => grammarChecked,
    contradictedBy: inCategory('grammar'),
  },
  {
    praise: 'Active voice throughout: the actors come first.',
    holds: (_doc, analysis) => analysis.stats.sentences > 1,
    contradictedBy: (f) => f.ruleId.endsWith('passive-voice'),
  },
  {
    praise: (_doc, analysis) => `It reads at grade ${analysis.stats.readingGrade}, easy for a general audience.`,
    holds: (_doc, analysis) => analysis.stats.readingGrade > 0 && analysis.stats.readingGrade <= 10,
    contradictedBy: (f) => f.ruleId.endsWith('long-sentences'),
  },
  {
    praise: 'Legal wording is careful: the accused are not called guilty.',
    holds: (doc) => /\b(charged|arrested|accused|suspect|indicted|defendant)\b/i.test(doc.text),
    contradictedBy: inCategory('legal'),
  },
];

/**
 * What the copy does well, stated only when the copy bears it out and no finding
 * of the review contradicts it: a review never praises "every quote is
 * attributed" next to an unattributed quote.
 */
export function strengths(doc: Doc, analysis: Analysis, grammarChecked: boolean): string[] {
  return STRENGTHS.filter((s) => s.holds(doc, analysis, grammarChecked) && !analysis.findings.some((f) => s.contradictedBy(f, doc)))
    .map((s) => (typeof s.praise === 'string' ? s.praise : s.praise(doc, analysis)))
    .slice(0, 4);
}
