// An editor pool worker: runs one engine job at a time for the main thread.
import { MessageChannel, parentPort, workerData } from 'node:worker_threads';
import { lintThroughPort, warmHarper } from '../harper/client';
import { loadNewsroomWords } from '../text/newsroom-words';
import { editorJobs, type EditorJobKind } from './jobs';
import type { JobReply } from './pool';
import { deferToRequestThread } from './priority';

const port = parentPort!;
const init = (workerData ?? {}) as { harperReady?: boolean };
deferToRequestThread();

// harper.js lints in the main thread's harper workers: their 300 MB each are loaded once however many pool workers run.
lintThroughPort(() => {
  const { port1, port2 } = new MessageChannel();
  port.postMessage({ type: 'harper-port', port: port2 }, [port2]);
  return port1;
});
const warm = warmHarper();
warm.catch(() => {});
// read while harper.js loads in its own threads, so no analysis pays for it
loadNewsroomWords();
// when harper is already warm, the first job should not answer as if it were still loading
if (init.harperReady) await warm.catch(() => {});

interface JobRequest {
  id: number;
  kind: EditorJobKind;
  payload: never;
}

async function answer(msg: JobRequest) {
  let reply: JobReply;
  try {
    if (!Object.hasOwn(editorJobs, msg.kind)) throw new Error(`unknown editor job ${String(msg.kind)}`);
    const job = editorJobs[msg.kind] as (payload: unknown) => unknown;
    reply = { id: msg.id, ok: true, value: await job(msg.payload) };
  } catch (e) {
    reply = { id: msg.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
}

port.on('message', (msg: JobRequest) => void answer(msg));
