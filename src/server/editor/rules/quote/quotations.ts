import type { Doc } from '../../text/document';
import type { QuoteSpan } from '../../text/quotes';
import { countWords } from '../../text/words';

export interface Quotation {
  span: QuoteSpan;
  /** The quoted words, without the marks and trailing comma. */
  content: string;
  start: number;
  end: number;
  words: number;
  /** Whether a speaker is named for it: in its own sentence, or as the continuation of an attributed quote. */
  attributed: boolean;
}

const ATTRIBUTION =
  /\b(said|says|say|told|tells|added|adds|asked|asks|according to|wrote|writes|stated|states|explained|explains|recalled|noted|continued|replied|responded|testified|argued|insisted|warned|acknowledged|admitted|declared|announced|commented|remarked|exclaimed|claimed|called|calls|described|posted|tweeted|texted|emailed|shouted|yelled|whispered|joked|quipped|conceded|predicted|promised|pleaded|urged|agreed|complained|observed|cried|read|reads|in a statement|in an interview|in an email|in a news release)\b/i;

/** Full-sentence quotations (four words or more) with their attribution status, memoised per document. */
export function quotations(doc: Doc): Quotation[] {
  return doc.memo('quotations', () => {
    const all: Quotation[] = [];
    for (const q of doc.quotes) {
      let start = q.contentStart;
      let end = q.contentEnd;
      while (start < end && /\s/.test(doc.text[start]!)) start++;
      while (end > start && /[\s,]/.test(doc.text[end - 1]!)) end--;
      const content = doc.text.slice(start, end);
      const words = countWords(content);
      const first = doc.sentenceAt(q.start) ?? doc.sentenceAt(q.contentStart);
      const last = doc.sentenceAt(Math.max(q.start, q.end - 1)) ?? first;
      const from = Math.min(first?.start ?? q.start, q.start);
      const to = Math.max(last?.end ?? q.end, q.end);
      // attribution words outside this and any other quotation
      const around = doc.outsideQuotes.slice(from, to);
      let attributed = ATTRIBUTION.test(around);
      if (!attributed) {
        // a quote that continues an attributed one in the same paragraph keeps its speaker
        const paragraph = first?.paragraph;
        attributed = all.some((p) => doc.sentenceAt(p.span.start)?.paragraph === paragraph && p.attributed);
      }
      all.push({ span: q, content, start, end, words, attributed });
    }
    // partial quotes, titles and scare quotes (under four words) are not full quotations
    return all.filter((q) => q.words >= 4);
  });
}

export const FIRST_PERSON = /\b(i|i'm|i’m|i've|i’ve|i'd|i’d|me|my|mine|we|we're|we’re|we've|we’ve|us|our|ours|you|your)\b/i;
export const OPINION =
  /\b(think|thinks|thought|believe|believes|feel|feels|felt|hope|hopes|fear|fears|worry|worried|love|hate|want|wants|wish|should|must|need|needs|can't|can’t|won't|won’t|never|best|worst|proud|glad|sad|angry|scared|afraid|excited|happy|important|concerned|disappointed|surprised|shocked|unfair|wrong|right|deserve|deserves|ought|shame|tragic|heartbreaking|amazing|incredible|terrible|great|matter|matters|mattered|key|crucial|critical|clear|clearly|obvious|obviously|truth|proof|proves)\b|[!?]/i;
