import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The header the proxy adds to each answer: which upstream (by its name) gave it. */
export const SERVED_BY_HEADER = 'x-served-by';

export type Upstream = { name: string; url: string };

export type RoundRobinProxy = {
  url: string;
  /** Where requests go from now on, taken in turn. */
  setUpstreams: (upstreams: readonly Upstream[]) => void;
  close: () => Promise<void>;
};

type ProxyOptions = {
  /** Request bodies are buffered (so a refused connection can be retried elsewhere); larger ones get 413. */
  maxBodyBytes?: number;
  /** An upstream that has not answered within this is abandoned with 504. */
  upstreamTimeoutMs?: number;
  /** Client connections held at once; more are refused by the listener. */
  maxConnections?: number;
};

/** Errors that mean the request never reached the upstream, so another may take it. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * A small load balancer on loopback for tests of several server instances (ADR 0044): each request
 * goes to the next upstream in turn, on a connection of its own. A refused connection (an instance
 * that is down) is retried on the next upstream, as a load balancer's health check would; any other
 * failure once the request was sent (a reset, a timeout) answers 502/504 and is never retried, so a
 * write is never sent twice and never reported as done when its answer was lost.
 */
export async function startRoundRobinProxy({
  maxBodyBytes = 16 * 1024 * 1024,
  upstreamTimeoutMs = 30_000,
  maxConnections = 256,
}: ProxyOptions = {}): Promise<RoundRobinProxy> {
  let upstreams: readonly Upstream[] = [];
  let next = 0;

  const forward = (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, tried: number): void => {
    if (upstreams.length === 0 || tried >= upstreams.length) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream available');
      return;
    }
    const upstream = upstreams[next++ % upstreams.length] as Upstream;
    const target = new URL(request.url ?? '/', upstream.url);
    const outgoing = http.request(target, {
      method: request.method,
      headers: { ...request.headers, host: target.host, 'content-length': String(body.length) },
      agent: false,
      timeout: upstreamTimeoutMs,
    });
    let sent = false;
    outgoing.on('socket', (socket) => socket.once('connect', () => (sent = true)));
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (!sent && NOT_CONNECTED.has(error.code ?? '')) return forward(request, response, body, tried + 1);
      if (response.headersSent) response.destroy();
      else response.writeHead(error.code === 'ETIMEDOUT' ? 504 : 502, { 'content-type': 'text/plain' }).end();
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: upstream.name });
      answer.pipe(response);
      // An upstream that dies mid-answer must not look like a complete answer to the client.
      answer.on('aborted', () => response.destroy());
      answer.on('error', () => response.destroy());
    });
    outgoing.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        response.writeHead(413, { connection: 'close' }).end();
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (size <= maxBodyBytes) forward(request, response, Buffer.concat(chunks), 0);
    });
  });
  server.maxConnections = maxConnections;
  server.requestTimeout = upstreamTimeoutMs + 5_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    setUpstreams(list) {
      upstreams = [...list];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
