// A real worker for pool.test.ts that speaks the pool's protocol with jobs that misbehave on purpose.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.postMessage({ type: 'hello', threadId });
parentPort.on('message', ({ id, kind, payload }) => {
  if (kind === 'echo') parentPort.postMessage({ id, ok: true, value: { payload, threadId } });
  else if (kind === 'throw') parentPort.postMessage({ id, ok: false, error: String(payload) });
  else if (kind === 'spin') for (;;);
  else if (kind === 'crash')
    setImmediate(() => {
      throw new Error('worker blew up');
    });
  else if (kind === 'exit') process.exit(3);
  else if (kind === 'hog') {
    const held = [];
    for (;;) held.push(new Array(1_000_000).fill(held.length));
  }
});
