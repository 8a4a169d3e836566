import { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { errorCodes } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Bounds on how long and how slowly a client may hold the server: 100 anonymous requests that sent
 * 999,000 of 1,000,000 bytes and then one byte every 20 s stayed open 400 s. README lists the
 * variables that set them; ADR 0060 says how a request's streams and timers end.
 */
export type SlowClientSettings = {
  /** A whole request (headers and body) must arrive within this; Node answers 408 past it. */
  requestTimeoutMs: number;
  /**
   * Over every window of `bodyStallMs` (the first one shorter: from `bodyGraceMs` on), a body must
   * bring at least this many bytes a second, and at least one byte, or it is cut off. Uploads need
   * only the one byte.
   */
  minBodyBytesPerSecond: number;
  bodyGraceMs: number;
  bodyStallMs: number;
  /** Open connections one address may hold at once (0: no cap, e.g. behind a proxy, where all share its address). */
  maxConnectionsPerIp: number;
};

/** Headers must arrive well before the body's deadline: a slow-headers client never reaches a route. */
export const headersTimeoutMs = (settings: SlowClientSettings) => Math.min(settings.requestTimeoutMs, 15_000);

/**
 * How often Node checks its request and headers timeouts (its default, 30 s, would let a 120 s
 * timeout run to 150 s): a quarter of the request timeout, within 1 to 30 s.
 */
export const connectionsCheckingIntervalMs = (settings: SlowClientSettings) =>
  Math.min(30_000, Math.max(1_000, Math.floor(settings.requestTimeoutMs / 4)));

/** How long a connection that was answered "too slow" may take to read that answer before it is dropped. */
const HANG_UP_AFTER_ANSWER_MS = 1_000;

const TICK_MS = 1_000;

const tooSlow = () =>
  new AppError(
    408,
    errorCodes.requestTimeout,
    'The request arrived too slowly and was stopped. Check your connection and try again.',
  );

/**
 * Whether a body keeps arriving, judged once a tick over a sliding window: a rate averaged since
 * the start would let a body that came fast and then stopped (999 KB in a second) sit for 999 s.
 */
export class BodyArrival {
  private readonly perTick: number[] = [];
  private sinceLastTick = 0;
  private ticks = 0;
  private readonly graceTicks: number;
  private readonly windowTicks: number;

  constructor(
    private readonly settings: Pick<SlowClientSettings, 'minBodyBytesPerSecond' | 'bodyGraceMs' | 'bodyStallMs'>,
  ) {
    this.graceTicks = Math.max(1, Math.ceil(settings.bodyGraceMs / TICK_MS));
    this.windowTicks = Math.max(1, Math.ceil(settings.bodyStallMs / TICK_MS));
  }

  received(bytes: number): void {
    this.sinceLastTick += bytes;
  }

  /**
   * Closes one tick; false once the body has fallen behind. Ticks are counted, not clock time, so a
   * server whose own event loop lags never blames the client for it.
   */
  tick(): boolean {
    this.ticks++;
    this.perTick.push(this.sinceLastTick);
    this.sinceLastTick = 0;
    if (this.perTick.length > this.windowTicks) this.perTick.shift();
    if (this.ticks < this.graceTicks) return true;
    const inWindow = this.perTick.reduce((sum, bytes) => sum + bytes, 0);
    const windowSeconds = (this.perTick.length * TICK_MS) / 1000;
    return inWindow >= Math.max(1, this.settings.minBodyBytesPerSecond * windowSeconds);
  }
}

/**
 * Caps connections per address (counted on the socket, so before any request is read), and meters
 * every request body the content parsers read (JSON, the webhook's raw body): one that falls behind
 * is answered 408 and its connection closed.
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

  // The callback form: every request runs it, most with no body (ADR 0102).
  app.addHook('preParsing', (request, reply, payload, done) => {
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
    if (!hasBody) return done(null, payload);
    // Uploads are read from the raw request by the multipart plugin, not through this stream.
    if (request.headers['content-type']?.startsWith('multipart/')) {
      watchUpload(request, reply, settings);
      return done(null, payload);
    }
    done(null, meterBody(request, reply, payload, settings));
  });
}

/**
 * The body as the parser reads it, counted. Everything made here ends with the request, however it
 * ends (ADR 0060): read, refused before reading (over the limit, answered 413 while the client
 * still sends or waits for "100 Continue"), aborted, or cut for being too slow.
 */
function meterBody(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: NodeJS.ReadableStream,
  settings: SlowClientSettings,
): Transform {
  const arrival = new BodyArrival(settings);
  const metered = new CountingStream((bytes) => arrival.received(bytes));
  const timer = setInterval(() => {
    if (arrival.tick()) return;
    clearInterval(timer);
    cutOff(request, reply, metered);
  }, TICK_MS);
  timer.unref();
  const stop = () => clearInterval(timer);
  // The whole body has passed through: nothing left to watch.
  metered.once('finish', stop);
  metered.once('close', stop);
  // The answer went out (or the connection went away), read or not: the body no longer matters.
  reply.raw.once('close', () => metered.destroy());
  // The parser listens only while it reads; an error after it stopped (the client aborting a body
  // that was refused) belongs to a request that is already over, and must not reach the process.
  metered.on('error', (error) => request.log.debug({ err: error }, 'request body stream ended with an error'));
  // pipe() does not pass a source's errors on: the parser learns of an aborted body from this.
  payload.on('error', (error) => metered.destroy(error));
  payload.pipe(metered);
  return metered;
}

/**
 * An upload that stops arriving for the stall time is cut (ADR 0060), judged by the bytes its socket
 * reads: the multipart plugin reads the raw request, so there is no stream of ours to count. No
 * minimum rate, only the stall: a photo sent from a site with one bar of signal is slow, not gone.
 * The connection is dropped, as if the client had aborted; the upload's own clean-up takes it from there.
 */
function watchUpload(request: FastifyRequest, reply: FastifyReply, settings: SlowClientSettings): void {
  const socket = request.raw.socket;
  // Only a real connection is watched: an injected request (tests) has no socket bytes to count.
  if (!(socket instanceof Socket)) return;
  const arrival = new BodyArrival({ ...settings, minBodyBytesPerSecond: 0 });
  let bytesRead = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.raw.complete) return clearInterval(timer);
    arrival.received(socket.bytesRead - bytesRead);
    bytesRead = socket.bytesRead;
    if (arrival.tick()) return;
    clearInterval(timer);
    request.log.info({ bytes_read: bytesRead }, 'upload stopped arriving: connection closed');
    socket.destroy();
  }, TICK_MS);
  timer.unref();
  reply.raw.once('close', () => clearInterval(timer));
}

/** Answers 408 through the parser still reading the body, then hangs up: the socket is what the client wanted to hold. */
function cutOff(request: FastifyRequest, reply: FastifyReply, metered: Transform) {
  reply.header('connection', 'close');
  const socket = request.raw.socket;
  socket?.setTimeout(HANG_UP_AFTER_ANSWER_MS, () => socket.destroy());
  metered.destroy(tooSlow());
}

/** Passes a body through unchanged, telling `count` the size of each chunk. */
class CountingStream extends Transform {
  constructor(private readonly count: (bytes: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.count(chunk.length);
    callback(null, chunk);
  }
}
