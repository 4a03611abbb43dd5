import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

/** Statuses whose responses carry no body: a `Response` refuses one. */
const NULL_BODY = new Set([204, 205, 304]);

type FetchInput = Parameters<typeof fetch>[0];
type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

/**
 * What the model client's fetch takes beside a request's own options, through the SDK's `fetchOptions`:
 * `onSent`, called once the request is handed to its connection (written at once on a kept-alive one).
 */
export interface ModelSendHooks {
  onSent?: () => void;
}

type ModelFetchInit = FetchInit & ModelSendHooks;

/** A body written as it is: what the model client sends (JSON text); streams and forms go to `fetch`. */
const sendable = (body: FetchInit['body']): boolean => body == null || typeof body === 'string' || body instanceof Uint8Array;

/**
 * The model client's `fetch`: the same exchange over `node:http` and `node:https` with kept-alive
 * connections. Node's own `fetch` (undici) runs only for model calls, so its code stays cold in a
 * server whose HTTP stack is hot; it took about twice as long to put a request on the wire
 * (docs/decisions/056-model-calls-over-node-http.md). What this does not carry (a `Request` object,
 * a streamed or form body) goes to the global `fetch` as before.
 */
export function createModelFetch(): (input: FetchInput, init?: ModelFetchInit) => Promise<Response> {
  // An idle connection is dropped after 4 s, or sooner when the server's Keep-Alive hint says so, as
  // undici does: reusing one the server has just closed would fail the reply.
  const kept = { keepAlive: true, timeout: 4_000 };
  const agents = { http: new http.Agent(kept), https: new https.Agent(kept) };

  return (input: FetchInput, options: ModelFetchInit = {}): Promise<Response> => {
    const { onSent, ...init } = options;
    const url = input instanceof Request ? null : new URL(input);
    if (!url || !sendable(init.body) || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      const answer = fetch(input, init);
      onSent?.();
      return answer;
    }
    const signal = init.signal ?? undefined;
    if (signal?.aborted)
      return Promise.reject(signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));

    const headers: Record<string, string> = {};
    // The SDK hands over a Headers already; copying it again would cost the request a conversion.
    const given = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    given.forEach((value, name) => (headers[name] = value));
    const secure = url.protocol === 'https:';
    return new Promise<Response>((resolve, reject) => {
      const request = (secure ? https : http).request(
        url,
        { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http, signal },
        (res) => {
          const received = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) received.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 599) {
            res.destroy();
            reject(new Error(`the model answered HTTP ${status}`));
            return;
          }
          if (NULL_BODY.has(status) || init.method === 'HEAD') {
            res.resume();
            resolve(new Response(null, { status, statusText: res.statusMessage, headers: received }));
            return;
          }
          resolve(
            new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage, headers: received }),
          );
        },
      );
      request.on('error', reject);
      // Node writes the request in the tick that hands it its connection, right after this event.
      if (onSent) request.once('socket', onSent);
      request.end((init.body ?? undefined) as string | Uint8Array | undefined);
    });
  };
}
