import { HOUR_MS } from '../../../shared/limits';

/** Limits that keep a hostile or runaway file from costing the server more than one upload should. */
export const DOCUMENT_LIMITS = {
  /** Characters of text kept from one document (about 1,000 pages of prose). */
  maxChars: 2_000_000,
  maxPdfPages: 1_000,
  /** A .docx is a zip: entries and inflated bytes are checked before any parser opens it. */
  maxZipEntries: 1_000,
  maxZipUncompressedBytes: 100 * 1024 * 1024,
  /**
   * The DOCX parser holds about 100 times its XML in memory (4 MB of XML: 417 MB, 6 s), and a
   * long report has 1 to 3 MB of it; the memory limit below ends anything that gets through.
   */
  maxZipXmlBytes: 10 * 1024 * 1024,
  /** Inflated bytes of a PDF's compressed streams (images aside), checked while inflating, before the parser runs. */
  maxPdfInflatedBytes: 160 * 1024 * 1024,
  /** Wall time for one extraction; the extracting process is killed after it. */
  extractionTimeoutMs: 30_000,
  /** Heap of the extracting process, in MB. */
  extractionHeapMb: 384,
  /**
   * All the extracting process may allocate (heap, buffers, native), in MB, enforced by the
   * kernel (RLIMIT_DATA): V8's heap limit alone does not cap ArrayBuffers.
   */
  extractionMemoryMb: 640,
  /** Extractions running at once, and how many more may wait for a turn. */
  concurrentExtractions: 2,
  queuedExtractions: 16,
  /** Bytes a multipart body may carry beyond the file itself (boundaries, part headers). */
  multipartOverheadBytes: 64 * 1024,
  uploadsPerUser: { max: 60, windowMs: HOUR_MS },
} as const;

/** Chunks of stored text: split on paragraph, then sentence, boundaries. */
export const CHUNK = { min: 1_000, max: 1_500 } as const;

export const MB = 1024 * 1024;

/** The most bytes an upload request may carry: the file at `MAX_UPLOAD_MB` plus the multipart framing. */
export const uploadBodyLimit = (maxUploadMb: number) => maxUploadMb * MB + DOCUMENT_LIMITS.multipartOverheadBytes;
