import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on 127.0.0.1 (a real HTTP server, never off this machine): it keeps every
 * request, and answers each path with the next status of its script (the last one repeats; 200 when
 * none is given). A request to a `held` path waits unanswered until the test answers it (`answer`,
 * oldest first), so a test can have many deliveries in flight at once and finish them in its order.
 */
export async function startWebhookReceiver(
  scripts: Record<string, number[]> = {},
  options: { held?: readonly string[] } = {},
) {
  const received: ReceivedWebhook[] = [];
  const served = new Map<string, number>();
  const waiting = new Map<string, ((status: number) => void)[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (options.held?.includes(path)) {
        const queue = waiting.get(path) ?? [];
        waiting.set(path, queue);
        queue.push((status) => {
          response.statusCode = status;
          response.end('ok');
        });
        return;
      }
      const script = scripts[path] ?? [200];
      const index = served.get(path) ?? 0;
      served.set(path, index + 1);
      response.statusCode = script[Math.min(index, script.length - 1)] ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    to: (path: string) => received.filter((request) => request.path === path),
    /** Requests to a held path still waiting for their answer. */
    waiting: (path: string) => waiting.get(path)?.length ?? 0,
    /** Answers the `count` oldest waiting requests to a held path with `status`. */
    answer: (path: string, status: number, count = 1) => {
      for (const respond of waiting.get(path)?.splice(0, count) ?? []) respond(status);
    },
    close: () => {
      for (const queue of waiting.values()) for (const respond of queue.splice(0)) respond(503);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it answers something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  what: string,
  timeoutMs = 30_000,
): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | null | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
