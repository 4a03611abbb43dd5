// `npm run bench -- hostile`: sends the requests that used to crash Copydesk or blow up
// its memory (issue 9) to a started server, one after another, while another client
// keeps reading, and prints each answer, the server's peak resident memory, the largest
// extraction process and the slowest read meanwhile.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildZip, docxEntries, flateBombPdf } from '../src/server/services/documents/test-support';
import { freePort, procStatusKb, runWhenMain, startCopydesk } from './support';

/** Reads `url` with `cookie` every 20 ms and prints one JSON line a read: when it ended, how long it took, whether it was a 200. */
const READER = `
const [url, cookie] = process.argv.slice(1);
for (;;) {
  const started = performance.now();
  const ok = await fetch(url, { headers: { cookie } }).then((r) => r.arrayBuffer().then(() => r.status === 200), () => false);
  console.log(JSON.stringify({ at: Date.now(), ms: performance.now() - started, ok }));
  await new Promise((r) => setTimeout(r, 20));
}
`;

const MB = 1024 * 1024;
const GIB = 1024 * MB;

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => (procStatusKb(pid, field) || 0) / 1024;

/** The processes started by `pid`, at any depth (the extraction spawner and its children). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parents) {
      if (parent === p) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

interface Outcome {
  name: string;
  status: string;
  message: string;
  ms: number;
  /** The slowest read another client saw while this request ran. */
  slowestReadMs: number;
}

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('error', () => resolve(data || 'connection error'));
    socket.on('close', () => resolve(data));
    socket.end(text);
  });
}

export async function run(): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-hostile-'));
  const base = `http://127.0.0.1:${port}`;
  const child = startCopydesk({
    port,
    dataDir,
    env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: '', STRIPE_SECRET_KEY: '' },
    logFile: path.join(dataDir, 'copydesk.log'),
  });
  const pid = child.pid!;
  try {
    for (let i = 0; ; i++) {
      if (i > 900) throw new Error('Copydesk did not start');
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const register = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'attacker', email: 'attacker@news.example', password: 'hostile-pass-1!' }),
    });
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
    await fetch(`${base}/api/create-subscription`, {
      method: 'POST',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    const conversation = (await (
      await fetch(`${base}/api/conversations`, {
        method: 'POST',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { id: number };

    // Memory sampling and a reader that keeps asking while the attacks run.
    let peakChildMb = 0;
    const sampler = setInterval(() => {
      for (const p of descendants(pid)) peakChildMb = Math.max(peakChildMb, statusMb(p, 'VmRSS'));
    }, 50);
    // The reader runs in a process of its own, so what it sees is the server's doing, not this one's.
    const readerProcess = spawn(process.execPath, ['--input-type=module', '-e', READER, `${base}/api/user`, cookie], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const samples: Array<{ at: number; ms: number; ok: boolean }> = [];
    let buffered = '';
    readerProcess.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) samples.push(JSON.parse(line) as { at: number; ms: number; ok: boolean });
    });
    const slowestBetween = (from: number, to: number) =>
      samples.filter((x) => x.at >= from && x.at - x.ms <= to).reduce((max, x) => Math.max(max, x.ms), 0);

    const upload = async (filename: string, bytes: Uint8Array | string): Promise<{ status: string; message: string }> => {
      const form = new FormData();
      form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
      const res = await fetch(`${base}/api/files/upload`, { method: 'POST', headers: { origin: base, cookie }, body: form }).catch(
        (e: Error) => e,
      );
      if (res instanceof Error) return { status: 'network error', message: res.message };
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return { status: String(res.status), message: body.message ?? '' };
    };
    const outcomes: Outcome[] = [];
    const attack = async (name: string, send: () => Promise<{ status: string; message: string }>) => {
      const started = performance.now();
      const from = Date.now();
      const { status, message } = await send();
      const ms = performance.now() - started;
      // Reads that began before the request ended are the ones it could have held up.
      await new Promise((r) => setTimeout(r, 300));
      outcomes.push({ name, status, message, ms, slowestReadMs: slowestBetween(from, Date.now() - 300) });
    };
    const statusOf = (raw: string) => ({
      status: raw.split(' ')[1] ?? 'none',
      message: raw.slice(raw.indexOf('\r\n\r\n') + 4, raw.length).slice(0, 90),
    });

    await attack('multipart body cut before its boundary', async () =>
      statusOf(
        await rawRequest(
          port,
          `POST /api/files/upload HTTP/1.1\r\nHost: x\r\nOrigin: ${base}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=----x\r\nContent-Length: 76\r\n\r\n------x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunterminated`,
        ),
      ),
    );
    await attack('chunked multipart body that stops early', async () =>
      statusOf(
        await rawRequest(
          port,
          `POST /api/files/upload HTTP/1.1\r\nHost: x\r\nOrigin: ${base}\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=----x\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n------x\r\nContent-Disposition: form\r\n`,
        ),
      ),
    );
    const bomb = await flateBombPdf(GIB);
    await attack(`PDF of ${(bomb.byteLength / MB).toFixed(1)} MB holding a 1 GiB flate stream`, () => upload('bomb.pdf', bomb));
    await attack('two such PDFs at once (the slower of the two)', async () => {
      const [a, b] = await Promise.all([upload('a.pdf', bomb), upload('b.pdf', bomb)]);
      return { status: `${a.status} and ${b.status}`, message: a.message };
    });
    const paragraph = '<w:p><w:r><w:t>The council voted on the budget.</w:t></w:r></w:p>';
    const [types, rels, body] = docxEntries(['x']);
    const xml95 = buildZip([
      types!,
      rels!,
      {
        name: body!.name,
        data: (body!.data as string).replace('<w:p>', paragraph.repeat(Math.ceil((95 * MB) / paragraph.length)) + '<w:p>'),
      },
    ]);
    await attack(`DOCX of ${(xml95.byteLength / MB).toFixed(1)} MB holding 95 MB of XML`, () => upload('xml.docx', xml95));
    const laughs = buildZip([
      types!,
      rels!,
      {
        name: 'word/document.xml',
        data: '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><d>&c;</d>',
      },
    ]);
    await attack('DOCX with XML entity expansion', () => upload('laughs.docx', laughs));
    const text = 'The council met on Tuesday and approved the riverfront budget after a long debate.\n'.repeat(Math.ceil((19.5 * MB) / 84));
    await attack('24 text uploads of 19.5 MB at once (the slowest)', async () => {
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => upload(`big-${i}.txt`, text)));
      const counts = new Map<string, number>();
      for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
      return { status: [...counts].map(([s, n]) => `${n}×${s}`).join(' '), message: answers[0]!.message };
    });
    await attack('a 100,000-character message', async () => {
      const content = 'Officials said the plan would cost about $4.2 million, a figure critics disputed. '.repeat(1250).slice(0, 100_000);
      const res = await fetch(`${base}/api/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ content }),
      });
      await res.arrayBuffer();
      return { status: String(res.status), message: '' };
    });
    await attack('search for "a" from this account', async () => {
      const res = await fetch(`${base}/api/conversations/search?q=a`, { headers: { cookie } });
      await res.arrayBuffer();
      return { status: String(res.status), message: '' };
    });

    readerProcess.kill();
    await new Promise((r) => readerProcess.once('exit', r));
    clearInterval(sampler);
    const reads = samples.length;
    const readFailures = samples.filter((x) => !x.ok).length;
    const slowestReadMs = samples.reduce((max, x) => Math.max(max, x.ms), 0);
    const alive = await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => 0,
    );

    const width = Math.max(...outcomes.map((o) => o.name.length));
    for (const o of outcomes) {
      console.log(
        `${o.name.padEnd(width)}  ${o.status.padEnd(12)} ${(o.ms / 1000).toFixed(2).padStart(6)} s  read ≤ ${o.slowestReadMs.toFixed(0).padStart(5)} ms  ${o.message.slice(0, 60)}`,
      );
    }
    const peakServerMb = statusMb(pid, 'VmHWM');
    console.log('');
    console.log(
      `server peak resident memory (VmHWM): ${peakServerMb.toFixed(0)} MB (target < 1024 MB: ${peakServerMb < 1024 ? 'met' : 'NOT MET'})`,
    );
    console.log(`largest extraction or spawner process seen: ${peakChildMb.toFixed(0)} MB`);
    console.log(`reads meanwhile: ${reads}, failed ${readFailures}, slowest ${slowestReadMs.toFixed(0)} ms`);
    console.log(`server still serving afterwards: ${alive === 200 ? 'yes' : `NO (${alive})`}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, run);
