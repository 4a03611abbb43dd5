import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Runs a benchmark module's `run` when the file itself is executed, not when `bench/index.ts` imports it. */
export function runWhenMain(moduleUrl: string, run: (args: string[]) => Promise<void>) {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
