import type { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { errorCodes } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Bounds on how long and how slowly a client may hold the server (issue 20): 100 anonymous
 * requests that sent 999,000 of 1,000,000 bytes and then one byte every 20 s stayed open 400 s.
 * README lists the variables that set them.
 */
export type SlowClientSettings = {
  /** A whole request (headers and body) must arrive within this; Node answers 408 past it. */
  requestTimeoutMs: number;
  /** After `bodyGraceMs`, a body must keep arriving at least this fast on average, or it is cut off. */
  minBodyBytesPerSecond: number;
  bodyGraceMs: number;
  /** Open connections one address may hold at once (0: no cap, e.g. behind a proxy, where all share its address). */
  maxConnectionsPerIp: number;
};

/** Headers must arrive well before the body's deadline: a slow-headers client never reaches a route. */
export const headersTimeoutMs = (settings: SlowClientSettings) => Math.min(settings.requestTimeoutMs, 15_000);

const tooSlow = () =>
  new AppError(
    408,
    errorCodes.requestTimeout,
    'The request arrived too slowly and was stopped. Check your connection and try again.',
  );

/**
 * Caps connections per address (counted on the socket, so before any request is read), and meters
 * every request body the content parsers read (JSON, the webhook's raw body): one that falls below
 * the minimum rate after the grace period is answered 408 and its connection closed.
 */
export function guardAgainstSlowClients(app: FastifyInstance, settings: SlowClientSettings): void {
  if (settings.maxConnectionsPerIp > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      const count = (open.get(address) ?? 0) + 1;
      if (count > settings.maxConnectionsPerIp) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    });
  }

  app.addHook('preParsing', async (request, reply, payload) => {
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
    // Uploads are read from the raw request by the multipart plugin, not through this stream: they
    // are bounded by the request timeout (and need sign-in).
    if (!hasBody || request.headers['content-type']?.startsWith('multipart/')) return payload;
    const metered = new BodyRateMeter(settings, () => {
      // Answer and hang up: the client is still sending, and its socket is what it wanted to hold.
      reply.header('connection', 'close');
      request.raw.socket?.setTimeout(1_000, () => request.raw.socket?.destroy());
    });
    payload.on('error', (error) => metered.destroy(error));
    return payload.pipe(metered);
  });
}

/** Passes a body through, counting it; fails with 408 when it arrives below the minimum rate. */
class BodyRateMeter extends Transform {
  private received = 0;
  private readonly started = Date.now();
  private readonly timer: NodeJS.Timeout;

  constructor(settings: SlowClientSettings, onTooSlow: () => void) {
    super();
    // One check a second: cheap, and a drip of one byte per 20 s is stopped within the grace plus a second.
    this.timer = setInterval(() => {
      const elapsedMs = Date.now() - this.started;
      if (elapsedMs < settings.bodyGraceMs) return;
      if (this.received < (settings.minBodyBytesPerSecond * elapsedMs) / 1000) {
        clearInterval(this.timer);
        onTooSlow();
        this.destroy(tooSlow());
      }
    }, 1_000);
    this.timer.unref();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    clearInterval(this.timer);
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    clearInterval(this.timer);
    callback(error);
  }
}
