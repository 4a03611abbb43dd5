import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export interface ZipSummary {
  names: Set<string>;
  entries: number;
  uncompressedBytes: number;
}

export class ZipLimitExceeded extends Error {}

/**
 * Reads a zip's central directory and checks it against the limits, then inflates
 * every entry into nothing: yauzl stops a stream the moment it yields more than its
 * declared size, so after this the real inflated total is known to be within the limit.
 * Throws `ZipLimitExceeded` for a bomb and any other error for a damaged archive.
 */
export async function inspectZip(bytes: Uint8Array, limits: ZipLimits): Promise<ZipSummary> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    lazyEntries: true,
    validateEntrySizes: true,
    strictFileNames: false,
  });
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipLimitExceeded(`${zip.entryCount} entries`);
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) return reject(new ZipLimitExceeded(`${declared} bytes declared`));
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      await pipeline(await zip.openReadStreamPromise(entry), new Writable({ write: (_chunk, _enc, done) => done() }));
    }
    return { names: new Set(entries.map((e) => e.fileName)), entries: entries.length, uncompressedBytes: declared };
  } finally {
    zip.close();
  }
}
