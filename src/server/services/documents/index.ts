import { and, asc, eq, sum } from 'drizzle-orm';
import type { DocumentRow, UserRow } from '../../../../db/schema';
import { UPLOAD_MESSAGES } from '../../../shared/uploads';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { DB, Dialect } from '../../db';
import { MAX_TEXT_CHARS, respondOffThread } from '../../editor';
import { fail } from '../../errors';
import type { RateLimiter } from '../rate-limiter';
import { extractText, setConcurrentExtractions, type ExtractOptions } from './extract';
import { checkFile } from './file-type';
import { DOCUMENT_LIMITS, MB } from './limits';
import type { IncomingFile, ReceivedFile } from './upload-file';
import { DocumentProblem } from './problem';
import { createPassageFinder } from './search';

export type { IncomingFile } from './upload-file';
export type { Passage } from './search';

/** What the chat service offers for posting the editor's review into a conversation. */
export interface AssistantMessages {
  addAssistantMessage?: (userId: number, conversationId: number, markdown: string) => unknown;
}

export interface DocumentServiceOptions {
  db: DB;
  dialect: Pick<Dialect, 'rankPassages'>;
  clock: Clock;
  config: Config;
  limiter: Pick<RateLimiter, 'take' | 'forget'>;
  log?: (line: string) => void;
  /** Looked up at each upload: the chat service may be added after this one. */
  chat?: () => AssistantMessages | undefined;
  /** Extraction limits (tests shorten the time limit). */
  extract?: ExtractOptions;
}

export interface DocumentSummary {
  id: number;
  conversationId: number | null;
  filename: string;
  kind: string;
  sizeBytes: number;
  chars: number;
  createdAt: string;
}

export const REVIEW_REQUEST = 'Please review this document and give me editorial feedback.';
/** Characters of a conversation's documents its quotations are looked up in: the newest whole documents that fit. */
export const SOURCES_MAX_CHARS = DOCUMENT_LIMITS.maxChars;

/** A whole document of a conversation. */
export interface WholeDocument {
  documentId: number;
  filename: string;
  text: string;
}
const CHUNK_INSERT_BATCH = 40;

const toSummary = (d: DocumentRow): DocumentSummary => ({
  id: d.id,
  conversationId: d.conversationId,
  filename: d.filename,
  kind: d.kind,
  sizeBytes: d.sizeBytes,
  chars: d.chars,
  createdAt: d.createdAt.toISOString(),
});

/** The part of a long document the editor reviews in one pass, ended at a paragraph where possible. */
/**
 * The upload answers after the review, so the review reads the opening (about
 * 3,500 words); the whole text stays searchable for later questions.
 */
export const REVIEW_CHARS = Math.min(20_000, MAX_TEXT_CHARS);

function reviewablePart(text: string): string {
  if (text.length <= REVIEW_CHARS) return text;
  const head = text.slice(0, REVIEW_CHARS);
  const paragraphEnd = head.lastIndexOf('\n\n');
  return paragraphEnd > REVIEW_CHARS / 2 ? head.slice(0, paragraphEnd) : head;
}

export function createDocumentService(o: DocumentServiceOptions) {
  const { db } = o;
  const { conversations, documentChunks, documents } = db.tables;
  const passagesFor = createPassageFinder(db, o.dialect.rankPassages);
  const log = o.log ?? (() => {});
  const maxBytes = o.config.maxUploadMb * MB;
  const quotaBytes = o.config.storageQuotaMb * MB;
  setConcurrentExtractions(o.config.maxExtractions);

  async function storedBytes(userId: number, tx: Pick<DB, 'select'> = db): Promise<number> {
    const [row] = await tx
      .select({ total: sum(documents.sizeBytes) })
      .from(documents)
      .where(eq(documents.userId, userId));
    return Number(row?.total ?? 0);
  }

  async function assertQuota(userId: number, incomingBytes: number, tx?: Pick<DB, 'select'>) {
    if ((await storedBytes(userId, tx)) + incomingBytes > quotaBytes) {
      fail('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.quotaFull(o.config.storageQuotaMb), { success: false, reason: 'quota' });
    }
  }

  async function assertConversation(userId: number, conversationId: number) {
    const [found] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      .limit(1);
    if (!found) fail('NOT_FOUND', 'Conversation not found', { success: false });
  }

  async function ownDocument(userId: number, documentId: number): Promise<DocumentRow> {
    const [found] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
      .limit(1);
    return found ?? fail('NOT_FOUND', 'Document not found');
  }

  /**
   * Stores the document and its passages a few dozen at a time, yielding between batches:
   * indexing 2 million characters in one transaction held the thread for about 100 ms.
   * The first batch commits with the quota check, so uploads at once cannot both pass it.
   */
  async function store(
    userId: number,
    conversationId: number | null,
    filename: string,
    kind: string,
    sizeBytes: number,
    text: string,
    chunks: string[],
  ): Promise<DocumentRow> {
    const row = await db.transaction(async (tx) => {
      await assertQuota(userId, sizeBytes, tx);
      const [inserted] = await tx
        .insert(documents)
        .values({ userId, conversationId, filename, kind, sizeBytes, chars: text.length, createdAt: o.clock() })
        .returning();
      return inserted!;
    });
    try {
      for (let i = 0; i < chunks.length; i += CHUNK_INSERT_BATCH) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        await db
          .insert(documentChunks)
          .values(chunks.slice(i, i + CHUNK_INSERT_BATCH).map((content, j) => ({ documentId: row.id, ordinal: i + j, content })));
      }
    } catch (e) {
      await db.delete(documents).where(eq(documents.id, row.id));
      throw e;
    }
    return row;
  }

  /** The conversation's documents whole, oldest first: the newest that fit in SOURCES_MAX_CHARS together. */
  async function wholeDocuments(userId: number, conversationId: number): Promise<WholeDocument[]> {
    const rows = await db
      .select({ documentId: documents.id, filename: documents.filename, content: documentChunks.content })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(and(eq(documents.userId, userId), eq(documents.conversationId, conversationId)))
      .orderBy(asc(documents.id), asc(documentChunks.ordinal));
    const whole = new Map<number, WholeDocument>();
    for (const r of rows) {
      const d = whole.get(r.documentId) ?? { documentId: r.documentId, filename: r.filename, text: '' };
      d.text += r.content;
      whole.set(r.documentId, d);
    }
    const kept: WholeDocument[] = [];
    let budget = SOURCES_MAX_CHARS;
    for (const d of [...whole.values()].reverse()) {
      if (d.text.length > budget) continue;
      budget -= d.text.length;
      kept.unshift(d);
    }
    return kept;
  }

  /**
   * The editor's review of the document, posted into the conversation when the chat service can
   * take it. The conversation's other documents are its sources: its quotations are looked up in them.
   */
  async function review(userId: number, doc: DocumentRow, text: string): Promise<{ review: string; posted: boolean }> {
    const part = reviewablePart(text);
    const others =
      doc.conversationId == null ? [] : (await wholeDocuments(userId, doc.conversationId)).filter((d) => d.documentId !== doc.id);
    // The document is stored either way; a busy or failed editor leaves the review for later.
    let markdown = await respondOffThread({
      history: [],
      message: REVIEW_REQUEST,
      documents: [{ name: doc.filename, text: part }],
      sources: others.map((d) => ({ name: d.filename, text: d.text })),
    }).catch(() => 'The document is saved, but the editor could not review it just now. Ask me to review it in a moment.');
    if (part.length < text.length) {
      markdown += `\n\n_This review covers the first ${part.length.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters; ask about a later part and I will look at it._`;
    }
    const post = o.chat?.()?.addAssistantMessage;
    if (doc.conversationId == null || typeof post !== 'function') return { review: markdown, posted: false };
    try {
      await post(userId, doc.conversationId, markdown);
      return { review: markdown, posted: true };
    } catch (e) {
      // The upload itself succeeded; the review still goes back in the response.
      log(`error: posting the review of document ${doc.id}: ${e instanceof Error ? e.message : String(e)}`);
      return { review: markdown, posted: false };
    }
  }

  async function readAndStore(user: UserRow, conversationId: number | undefined, file: ReceivedFile) {
    let text: string;
    let chunks: string[];
    let kind: string;
    try {
      const checked = await checkFile(file.filename, file);
      kind = checked.kind;
      ({ text, chunks } = await extractText(checked, o.extract));
    } catch (e) {
      if (e instanceof DocumentProblem) fail('BAD_REQUEST', e.message, { success: false, reason: e.reason });
      throw e;
    }
    // The conversation may have been deleted while the file was read.
    if (conversationId !== undefined) await assertConversation(user.id, conversationId);
    const doc = await store(user.id, conversationId ?? null, file.filename, kind, file.sizeBytes, text, chunks);
    const { review: markdown, posted } = await review(user.id, doc, text);
    return {
      success: true as const,
      message: UPLOAD_MESSAGES.success,
      document: { id: doc.id, filename: doc.filename, chars: doc.chars },
      review: markdown,
      reviewPosted: posted,
    };
  }

  return {
    /**
     * Reads the upload (after the conversation is known to be the user's), checks it by
     * name and content, extracts its text, stores it in passages, and has the editor review it.
     */
    async upload(user: UserRow, input: { conversationId?: number; file: IncomingFile }) {
      const counted = await o.limiter.take([[`upload:${user.id}`, DOCUMENT_LIMITS.uploadsPerUser]], UPLOAD_MESSAGES.tooMany, {
        success: false,
      });
      let file: ReceivedFile;
      try {
        if (input.conversationId !== undefined) await assertConversation(user.id, input.conversationId);
        await assertQuota(user.id, 1);
        file = await input.file.read(maxBytes);
      } catch (e) {
        // refused before a file arrived: not an upload
        await o.limiter.forget(...counted);
        throw e;
      }
      try {
        await assertQuota(user.id, file.sizeBytes);
        return await readAndStore(user, input.conversationId, file);
      } finally {
        await file.dispose();
      }
    },

    /** The user's documents in one of their conversations, oldest first; 404 for another's conversation. */
    async list(userId: number, conversationId: number): Promise<DocumentSummary[]> {
      await assertConversation(userId, conversationId);
      const rows = await db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.conversationId, conversationId)))
        .orderBy(asc(documents.id));
      return rows.map(toSummary);
    },

    async remove(userId: number, documentId: number): Promise<{ success: true }> {
      await ownDocument(userId, documentId);
      await db.delete(documents).where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
      return { success: true };
    },

    /** The whole extracted text of one of the user's documents; 404 for anyone else's. */
    async textFor(userId: number, documentId: number): Promise<string> {
      await ownDocument(userId, documentId);
      const chunks = await db
        .select({ content: documentChunks.content })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId))
        .orderBy(asc(documentChunks.ordinal));
      return chunks.map((c) => c.content).join('');
    },

    /** The passages of the conversation's documents that best match `query` (bm25), else its opening passages. */
    passagesFor,

    /** The conversation's documents whole, oldest first, for looking quotations up in (the user's own only). */
    documentsFor: wholeDocuments,
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
