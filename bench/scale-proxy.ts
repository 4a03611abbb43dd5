/**
 * The reverse proxy `npm run bench -- scale` puts in front of two Copydesk instances: round robin
 * over the upstreams, keep-alive connections on both sides, bodies streamed through both ways
 * (a reply's Server-Sent Events reach the client as they are written), the peer's address
 * appended to X-Forwarded-For (the instances run with TRUST_PROXY=1), 502 when an upstream cannot
 * be reached and 504 when it stays silent, and a client that leaves ends its upstream request, so
 * a Stop (closing the reply) reaches the instance writing it. No health checks: the bench waits
 * for every instance's /readyz before it sends load.
 *
 * As a process of its own: `node --import tsx bench/scale-proxy.ts --listen 127.0.0.1:8080
 * --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002`; on SIGTERM it prints how many requests each
 * upstream served (`proxy: {"served":[...],"failed":n}`) and exits.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export interface Upstream {
  host: string;
  port: number;
}

export interface ProxyOptions {
  upstreams: Upstream[];
  host?: string;
  /** 0 (the default) for any free port. */
  port?: number;
  /** The longest silence from an upstream, before or during its answer: a reply may think a while. */
  readTimeoutMs?: number;
}

export interface RunningProxy {
  port: number;
  url: string;
  /** Requests answered by each upstream, in the order given. */
  served: number[];
  /** Requests answered 502 or 504 by the proxy itself, or cut short mid-answer. */
  failed: number;
  close(): Promise<void>;
}

// RFC 9110 7.6.1: these describe one connection, never the next.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k) && !named.includes(k)) out[k] = v;
  return out;
}

const peerAddress = (req: http.IncomingMessage) => (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');

export function startProxy(o: ProxyOptions): Promise<RunningProxy> {
  if (o.upstreams.length === 0) throw new Error('the proxy needs at least one upstream');
  const readTimeoutMs = o.readTimeoutMs ?? 300_000;
  // One pool per upstream; idle sockets are let go well before the instances' 65 s keep-alive ends them.
  const agents = o.upstreams.map(() => new http.Agent({ keepAlive: true, maxSockets: 512, scheduling: 'fifo', timeout: 30_000 }));
  const served = o.upstreams.map(() => 0);
  let next = 0;
  const state = { failed: 0 };

  const answerItself = (req: http.IncomingMessage, res: http.ServerResponse, status: number, message: string) => {
    state.failed++;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({ message });
    // A body not yet read would be taken for the next request on this connection.
    const close = !req.complete;
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...(close ? { connection: 'close' } : {}),
    });
    res.end(body);
    req.resume();
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, index: number, retried: boolean) => {
    const upstream = o.upstreams[index]!;
    const forwardedFor = [req.headers['x-forwarded-for'], peerAddress(req)].filter(Boolean).join(', ');
    const headers = {
      ...endToEnd(req.headers),
      'x-forwarded-for': forwardedFor,
      'x-forwarded-proto': 'http',
      ...(req.headers.host ? { 'x-forwarded-host': req.headers.host } : {}),
    };
    const upstreamReq = http.request({
      host: upstream.host,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers,
      agent: agents[index],
    });
    let answered = false;
    upstreamReq.setTimeout(readTimeoutMs, () => upstreamReq.destroy(Object.assign(new Error('upstream timed out'), { code: 'ETIMEDOUT' })));
    upstreamReq.on('error', (e: NodeJS.ErrnoException) => {
      if (answered) return;
      // A kept-alive connection the upstream closed as it was reused: a body-less request can go again on a new one.
      if (!retried && upstreamReq.reusedSocket && e.code === 'ECONNRESET' && (req.method === 'GET' || req.method === 'HEAD')) {
        forward(req, res, index, true);
        return;
      }
      if (res.destroyed) return;
      if (e.code === 'ETIMEDOUT') answerItself(req, res, 504, 'The server took too long to answer.');
      else answerItself(req, res, 502, 'The server could not be reached.');
    });
    upstreamReq.on('response', (upstreamRes) => {
      answered = true;
      served[index]!++;
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, endToEnd(upstreamRes.headers));
      // Headers go at once: an event stream may be silent a while before its first event.
      res.flushHeaders();
      upstreamRes.pipe(res);
      const cut = () => {
        if (!res.writableFinished) {
          state.failed++;
          res.destroy();
        }
      };
      upstreamRes.on('aborted', cut);
      upstreamRes.on('error', cut);
    });
    // The client left (a Stop, a closed tab): the upstream's answer is no longer wanted.
    res.on('close', () => {
      if (!res.writableFinished) upstreamReq.destroy();
    });
    if (retried) upstreamReq.end();
    else req.pipe(upstreamReq);
  };

  const server = http.createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000, requestTimeout: 0 }, (req, res) => {
    const index = next;
    next = (next + 1) % o.upstreams.length;
    forward(req, res, index, false);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        port,
        url: `http://${o.host ?? '127.0.0.1'}:${port}`,
        served,
        get failed() {
          return state.failed;
        },
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            for (const a of agents) a.destroy();
          }),
      });
    });
  });
}

function hostPort(value: string, what: string): Upstream {
  const m = /^([^:]+):(\d+)$/.exec(value);
  if (!m) throw new Error(`${what} must be host:port, not "${value}"`);
  return { host: m[1]!, port: Number(m[2]) };
}

async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { listen: { type: 'string' }, upstream: { type: 'string', multiple: true }, 'read-timeout-s': { type: 'string' } },
    strict: true,
  });
  if (!values.listen || !values.upstream?.length) throw new Error('usage: scale-proxy.ts --listen host:port --upstream host:port ...');
  const listen = hostPort(values.listen, '--listen');
  const proxy = await startProxy({
    host: listen.host,
    port: listen.port,
    upstreams: values.upstream.map((u) => hostPort(u, '--upstream')),
    readTimeoutMs: values['read-timeout-s'] ? Number(values['read-timeout-s']) * 1000 : undefined,
  });
  console.log(`proxy listening on ${proxy.url}, round robin over ${values.upstream.join(', ')}`);
  const stop = () => {
    console.log(`proxy: ${JSON.stringify({ served: proxy.served, failed: proxy.failed })}`);
    void proxy.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
