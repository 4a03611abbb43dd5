import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  /** Inflated bytes of the XML parts, the ones a parser builds a tree of. */
  maxXmlBytes: number;
}

export interface ZipSummary {
  names: Set<string>;
  entries: number;
  uncompressedBytes: number;
}

export class ZipLimitExceeded extends Error {}

/** An XML part that declares a DTD could define entities that expand without end; Office never writes one. */
const DTD = /<!(DOCTYPE|ENTITY)/i;
/** The DTD, if any, comes before the root element: the opening bytes are enough. */
const DTD_WINDOW_BYTES = 64 * 1024;

const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** Inflates one entry into nothing, checking the opening bytes of an XML part for a DTD. */
function drain(xml: boolean): Writable {
  let head = '';
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      if (xml && head.length < DTD_WINDOW_BYTES) {
        head += chunk.toString('latin1', 0, Math.min(chunk.length, DTD_WINDOW_BYTES));
        if (DTD.test(head)) return done(new ZipLimitExceeded('an XML part declares a DTD'));
      }
      done();
    },
  });
}

/**
 * Reads a zip's central directory and checks it against the limits, then inflates
 * every entry into nothing: yauzl stops a stream the moment it yields more than its
 * declared size, so after this the real inflated total is known to be within the limit.
 * Throws `ZipLimitExceeded` for a bomb (or an XML part with a DTD) and any other error
 * for a damaged archive.
 */
export async function inspectZip(file: string, limits: ZipLimits): Promise<ZipSummary> {
  const zip = await yauzl.openPromise(file, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
    strictFileNames: false,
  });
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipLimitExceeded(`${zip.entryCount} entries`);
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    let xml = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (isXmlPart(entry.fileName)) xml += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) return reject(new ZipLimitExceeded(`${declared} bytes declared`));
        if (xml > limits.maxXmlBytes) return reject(new ZipLimitExceeded(`${xml} bytes of XML declared`));
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      await pipeline(await zip.openReadStreamPromise(entry), drain(isXmlPart(entry.fileName)));
    }
    return { names: new Set(entries.map((e) => e.fileName)), entries: entries.length, uncompressedBytes: declared };
  } finally {
    zip.close();
  }
}
