// A small, long-lived process that starts one extraction process per file for the
// server. Starting a process copies the starter's page tables: from the server
// (about 600 MB resident) that held its request thread for 40-70 ms per upload;
// from here (a few dozen MB) it takes a millisecond and holds nothing of the server's.
// Receives { id, job, timeoutMs, memoryMb, heapMb } and answers { id, answer } once.

import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const EXTRACT_SCRIPT = fileURLToPath(new URL('./extract-process.mjs', import.meta.url));
const TOO_COMPLEX = { ok: false, reason: 'too-complex' };
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/**
 * The child starts under `sh -c 'ulimit -d'`: the kernel then refuses any allocation past
 * the limit, ArrayBuffers and native memory included, which V8's heap flag cannot do.
 * @param {number} memoryMb @param {number} heapMb
 */
function boundedFork(memoryMb, heapMb) {
  return fork(EXTRACT_SCRIPT, [], {
    serialization: 'advanced',
    execPath: '/bin/sh',
    execArgv: ['-c', `ulimit -d ${memoryMb * 1024} && exec "$0" "$@"`, process.execPath, `--max-old-space-size=${heapMb}`],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
}

/** @param {{ id: number; job: unknown; timeoutMs: number; memoryMb: number; heapMb: number }} request */
function extract(request) {
  /** @type {import('node:child_process').ChildProcess} */
  let child;
  try {
    child = boundedFork(request.memoryMb, request.heapMb);
  } catch {
    process.send?.({ id: request.id, answer: TOO_COMPLEX });
    return;
  }
  running.add(child);
  let settled = false;
  const finish = (/** @type {unknown} */ answer) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    running.delete(child);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.send?.({ id: request.id, answer });
  };
  const timer = setTimeout(() => finish(TOO_COMPLEX), request.timeoutMs);
  child.once('message', (answer) => finish(answer));
  // `on`, not `once`: a second error (a failed send, then a failed kill) must find a listener too.
  child.on('error', () => finish(TOO_COMPLEX));
  // 'close', not 'exit': a child that answers and exits at once can be reported gone before its answer is read.
  child.once('close', () => finish(TOO_COMPLEX));
  child.send(request.job, (error) => {
    if (error) finish(TOO_COMPLEX);
  });
}

// The server went away: nothing waits for these files any more.
process.once('disconnect', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});

// A process starts at its parent's priority: Node's own start-up, 50-150 ms of CPU per file, then
// runs at nice 19 rather than taking a core from the server's request thread before the child
// lowers itself. This process only relays messages, so it can wait too.
try {
  setPriority(19);
} catch {
  // Not on every platform.
}

process.on('message', (request) => extract(/** @type {any} */ (request)));
