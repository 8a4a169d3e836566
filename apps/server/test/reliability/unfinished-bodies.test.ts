import { once } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Session, sessionSchema } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, pkcePair, uniqueEmail } from '../support/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';
import { type ServerProcess, spawnServer } from '../support/server-process.ts';
import { recordFigures } from './figures.ts';

/*
 * Request bodies that never finish properly, sent to the REAL server process (ADR 0060). One
 * over-limit body announced with "Expect: 100-continue" once killed the process about 5 s after its
 * 413: the body meter's timer outlived the request and failed a stream nobody listened to. Here every
 * operation family gets bodies that are over the limit, announced and never sent, aborted halfway,
 * slow, chunked without an end and of the wrong type; after each the same process must answer
 * /api/health/live, and again once every timer those requests started has had its time to fire.
 */

/** Small timers for the matrix, so that every one of them fires within the test. */
const SHORT_TIMERS = { REQUEST_TIMEOUT_SECONDS: '5', BODY_STALL_SECONDS: '2' };
/** How long after the last request every server timer has fired: the request timeout, Node's check of it, the stall, the hang-up. */
const SHORT_TIMERS_SETTLE_MS = 12_000;
/** A generous bound for the server to close a connection its timers should close (load-tolerant; no timing is measured). */
const CLOSED_WITHIN_MS = 60_000;

let dataDir: string;
let database: TestDatabase;
let mail: MailCatcher;
let session: Session;
let swmsId: string;

type RunningServer = { process: ServerProcess; url: string; port: number; pid: number };
let short: RunningServer;
let standard: RunningServer;

async function startServer(name: string, env: Record<string, string>): Promise<RunningServer> {
  const server = spawnServer({
    DATA_DIR: path.join(dataDir, name),
    DATABASE_URL: database.url,
    PORT: '0',
    SMTP_URL: mail.url,
    // Many connections from this one address at once: the per-address cap is not what is tested.
    MAX_CONNECTIONS_PER_IP: '0',
    PDF_RENDER_THREADS: '1',
    ...env,
  });
  const ready = await server.waitForLog((line) => line.msg === 'server ready', 120_000);
  const url = String(ready.url);
  return { process: server, url, port: Number(new URL(url).port), pid: server.child.pid ?? -1 };
}

async function postJson(base: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A confirmed, signed-in user, through the server's own sign-up mail. */
async function newSession(base: string): Promise<Session> {
  const email = uniqueEmail('bodies');
  const { verifier, challenge } = pkcePair();
  const signUp = await postJson(base, '/api/auth/signup', {
    email,
    password: GOOD_PASSWORD,
    code_challenge: challenge,
  });
  expect(signUp.status).toBe(201);
  const link = mail.linkIn(await mail.nextMailTo(email, 15_000), /^\/auth\/callback$/);
  const exchange = await postJson(base, '/api/auth/exchange', {
    auth_code: link.searchParams.get('code'),
    code_verifier: verifier,
  });
  expect(exchange.status).toBe(200);
  return sessionSchema.parse(exchange.body.session);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tradecert-bodies-'));
  await chmod(dataDir, 0o700);
  database = await createTestDatabase();
  mail = await startMailCatcher();
  // One after the other: both migrate the same database at start.
  short = await startServer('short', SHORT_TIMERS);
  standard = await startServer('standard', {});
  session = await newSession(short.url);
  const swms = await postJson(short.url, '/api/swms', {}, session.access_token);
  expect(swms.status).toBe(201);
  swmsId = String(swms.body.id);
}, 240_000);

afterAll(async () => {
  await Promise.all([short, standard].filter(Boolean).map((server) => server.process.stop('SIGTERM')));
  await mail?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The same process (same pid, never exited) answers /api/health/live within 1 s. */
async function expectSameProcessAlive(server: RunningServer) {
  const { child } = server.process;
  expect(
    { pid: child.pid, exitCode: child.exitCode, signal: child.signalCode },
    `the server process's stderr: ${server.process.stderr()}`,
  ).toEqual({
    pid: server.pid,
    exitCode: null,
    signal: null,
  });
  const live = await fetch(`${server.url}/api/health/live`, {
    headers: { connection: 'close' },
    signal: AbortSignal.timeout(1_000),
  }).then(
    (response) => response.status,
    (error: Error) =>
      `no answer (${error.cause ?? error.message}); the server process's stderr: ${server.process.stderr()}`,
  );
  expect(live).toBe(200);
  // An error nobody handled is printed to stderr before the process dies.
  expect(server.process.stderr()).not.toMatch(/unhandled|uncaught/i);
}

/** One raw HTTP/1.1 exchange over its own socket, so a body can be sent as badly as a client may. */
type RawExchange = {
  socket: Socket;
  /** The final answer's status (not a "100 Continue"), or undefined if the connection closed without one. */
  answer: Promise<number | undefined>;
  /** Resolves once the connection is closed, by either side. */
  closed: Promise<void>;
  /** Whether the connection is closed by now. */
  isClosed: () => boolean;
};

async function openExchange(server: RunningServer, head: string): Promise<RawExchange> {
  const socket = connect(server.port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  let closed = false;
  // A server that stops reading resets a client still writing: that is an outcome, not a test failure.
  socket.on('error', () => {});
  const answer = new Promise<number | undefined>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      if (received.length < 65_536) received += chunk.toString('latin1');
      const final = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)]
        .map((match) => Number(match[1]))
        .find((s) => s !== 100);
      if (final !== undefined) resolve(final);
    });
    socket.once('close', () => resolve(undefined));
  });
  const closedPromise = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  socket.write(head);
  return { socket, answer, closed: closedPromise, isClosed: () => closed };
}

/** Writes `body` as fast as the server reads it, stopping quietly if the connection closes. */
async function writeAll(exchange: RawExchange, body: Buffer) {
  const { socket } = exchange;
  for (let offset = 0; offset < body.length && !socket.destroyed; offset += 65_536) {
    if (!socket.write(body.subarray(offset, offset + 65_536))) {
      await Promise.race([once(socket, 'drain').catch(() => undefined), exchange.closed]);
    }
  }
}

/** Waits until the server has closed the connection, with a generous bound. */
async function expectClosedByServer(exchange: RawExchange) {
  const bound = new Promise<'open'>((resolve) => setTimeout(resolve, CLOSED_WITHIN_MS, 'open').unref());
  expect(await Promise.race([exchange.closed.then(() => 'closed' as const), bound])).toBe('closed');
}

type Kind = 'json' | 'upload' | 'raw';
type Target = { name: string; method: 'POST' | 'PUT'; path: () => string; kind: Kind; signedIn: boolean };

/** Every operation family that reads a body: JSON routes, uploads, the PDF check and both kinds of webhook. */
const targets: Target[] = [
  { name: 'sign-in', method: 'POST', path: () => '/api/auth/signin', kind: 'json', signedIn: false },
  { name: 'contact', method: 'POST', path: () => '/api/contact', kind: 'json', signedIn: false },
  { name: 'SWMS save', method: 'PUT', path: () => `/api/swms/${swmsId}`, kind: 'json', signedIn: true },
  { name: 'new certificate', method: 'POST', path: () => '/api/certificates', kind: 'json', signedIn: true },
  { name: 'API webhook endpoint', method: 'POST', path: () => '/api/webhooks', kind: 'json', signedIn: true },
  { name: 'certificate photo', method: 'POST', path: () => '/api/certificates/photos', kind: 'upload', signedIn: true },
  { name: 'profile logo', method: 'PUT', path: () => '/api/profile/logo', kind: 'upload', signedIn: true },
  { name: 'PDF verify', method: 'POST', path: () => '/api/verify/pdf', kind: 'upload', signedIn: false },
  { name: 'billing webhook', method: 'POST', path: () => '/api/billing/webhook', kind: 'raw', signedIn: false },
];

const BOUNDARY = '----tradecert-unfinished';

/** A body of `kind`, about `size` bytes, with the content type it is sent as. */
function bodyOf(kind: Kind, size: number): { contentType: string; bytes: Buffer } {
  if (kind === 'upload') {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const tail = `\r\n--${BOUNDARY}--\r\n`;
    return {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: Buffer.concat([
        Buffer.from(head),
        Buffer.alloc(Math.max(0, size - head.length - tail.length), 0xff),
        Buffer.from(tail),
      ]),
    };
  }
  const padding = 'x'.repeat(Math.max(0, size - 16));
  return { contentType: 'application/json', bytes: Buffer.from(`{"padding":"${padding}"}`) };
}

function headOf(target: Target, headers: Record<string, string | number>) {
  const lines = [
    `${target.method} ${target.path()} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...(target.signedIn ? [`Authorization: Bearer ${session.access_token}`] : []),
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

const overLimitSize = (kind: Kind) => (kind === 'upload' ? 40 * 1024 * 1024 : 2 * 1024 * 1024);

/** The whole over-limit body, sent as fast as the server takes it. */
async function overLimit(server: RunningServer, target: Target) {
  const body = bodyOf(target.kind, overLimitSize(target.kind));
  const exchange = await openExchange(
    server,
    headOf(target, { 'Content-Type': body.contentType, 'Content-Length': body.bytes.length }),
  );
  await Promise.race([writeAll(exchange, body.bytes), exchange.answer]);
  const status = await exchange.answer;
  exchange.socket.destroy();
  return status;
}

/** An over-limit body announced with "Expect: 100-continue", as curl sends one, and then never sent. */
async function announcedNeverSent(server: RunningServer, target: Target) {
  const body = bodyOf(target.kind, overLimitSize(target.kind));
  return openExchange(
    server,
    headOf(target, { 'Content-Type': body.contentType, 'Content-Length': body.bytes.length, Expect: '100-continue' }),
  );
}

/** Half a body, then the client goes away. */
async function abortedHalfway(server: RunningServer, target: Target) {
  const body = bodyOf(target.kind, target.kind === 'upload' ? 2 * 1024 * 1024 : 200_000);
  const exchange = await openExchange(
    server,
    headOf(target, { 'Content-Type': body.contentType, 'Content-Length': body.bytes.length }),
  );
  await writeAll(exchange, body.bytes.subarray(0, body.bytes.length / 2));
  exchange.socket.destroy();
  await exchange.closed;
}

/** A body that drips in a byte every 250 ms, until the server closes the connection. */
async function slow(server: RunningServer, target: Target) {
  const body = bodyOf(target.kind, 50_000);
  const exchange = await openExchange(
    server,
    headOf(target, { 'Content-Type': body.contentType, 'Content-Length': body.bytes.length }),
  );
  let offset = 0;
  const drip = setInterval(() => {
    if (!exchange.socket.destroyed && offset < body.bytes.length)
      exchange.socket.write(body.bytes.subarray(offset, ++offset));
  }, 250);
  exchange.closed.then(() => clearInterval(drip));
  return exchange;
}

/** A chunked body that sends one chunk and never its end. */
async function chunkedWithoutEnd(server: RunningServer, target: Target) {
  const body = bodyOf(target.kind, 200_000);
  const exchange = await openExchange(
    server,
    headOf(target, { 'Content-Type': body.contentType, 'Transfer-Encoding': 'chunked' }),
  );
  const chunk = body.bytes.subarray(0, 8_192);
  exchange.socket.write(`${chunk.length.toString(16)}\r\n`);
  exchange.socket.write(chunk);
  exchange.socket.write('\r\n');
  return exchange;
}

/** A whole, small body of a type the operation does not take. */
async function wrongType(server: RunningServer, target: Target) {
  const bytes = Buffer.from(target.kind === 'upload' ? '{"not":"a file"}' : 'name=not+json');
  const contentType = target.kind === 'upload' ? 'application/json' : 'application/x-www-form-urlencoded';
  const exchange = await openExchange(
    server,
    headOf(target, { 'Content-Type': contentType, 'Content-Length': bytes.length }),
  );
  exchange.socket.write(bytes);
  const status = await exchange.answer;
  exchange.socket.destroy();
  return status;
}

describe('bodies that never finish properly, against the real server process', () => {
  it('survives each kind of unfinished body on every operation family, and every timer they start', async (context) => {
    const heldOpen: RawExchange[] = [];
    const outcomes: Array<Promise<{ target: string; announced?: number; slowAndUnended: Array<number | undefined> }>> =
      [];
    // A body on a GET, which no route reads: answered at once, and the body's meter ends with it.
    const unread = await openExchange(
      short,
      'GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{',
    );
    expect(await unread.answer).toBe(200);
    heldOpen.push(unread);
    await expectSameProcessAlive(short);
    for (const target of targets) {
      // Refused for its size: 413, or a connection the server drops; never a 5xx.
      const overStatus = await overLimit(short, target);
      expect(overStatus === undefined || (overStatus >= 400 && overStatus < 500), `${target.name}: ${overStatus}`).toBe(
        true,
      );
      await expectSameProcessAlive(short);

      const announced = await announcedNeverSent(short, target);
      await expectSameProcessAlive(short);

      await abortedHalfway(short, target);
      await expectSameProcessAlive(short);

      const dripping = await slow(short, target);
      await expectSameProcessAlive(short);

      const unended = await chunkedWithoutEnd(short, target);
      await expectSameProcessAlive(short);

      const wrongStatus = await wrongType(short, target);
      expect(
        wrongStatus !== undefined && wrongStatus >= 400 && wrongStatus < 500,
        `${target.name}: ${wrongStatus}`,
      ).toBe(true);
      await expectSameProcessAlive(short);
      heldOpen.push(announced, dripping, unended);
      outcomes.push(
        Promise.all([announced.answer, dripping.answer, unended.answer]).then(([announcedStatus, ...cut]) => ({
          target: target.name,
          announced: announcedStatus,
          slowAndUnended: cut,
        })),
      );
    }
    // The server, not the client, ends every connection left hanging: the stall cut, the request timeout.
    for (const exchange of heldOpen) await expectClosedByServer(exchange);
    const answers = await Promise.all(heldOpen.map((exchange) => exchange.answer));
    expect(answers.filter((status) => status !== undefined && status >= 500)).toEqual([]);
    // Every timer those requests started has fired by now.
    await new Promise((resolve) => setTimeout(resolve, SHORT_TIMERS_SETTLE_MS));
    await expectSameProcessAlive(short);
    // What each got: the parsed bodies are refused for the size their headers announce, and cut by
    // the body meter. Uploads, read by the multipart parser: one that stops arriving is hung up on
    // after the stall time (no answer), one that drips on ends at the request timeout.
    expect(await Promise.all(outcomes)).toEqual(
      targets.map((target) =>
        target.kind === 'upload'
          ? { target: target.name, announced: undefined, slowAndUnended: [408, undefined] }
          : { target: target.name, announced: 413, slowAndUnended: [408, 408] },
      ),
    );
    recordFigures(context, { unfinishedBodiesSurvived: 1 + targets.length * 6 });
  }, 300_000);

  it('with the standard timers: 5 announced 2 MB bodies never sent, 20 aborted and 20 slow, and the same process answers 30 s later', async (context) => {
    const started = Date.now();
    const jsonTargets = targets.filter((target) => target.kind === 'json');
    expect(jsonTargets).toHaveLength(5);
    const announced = await Promise.all(jsonTargets.map((target) => announcedNeverSent(standard, target)));
    // Refused at once for the size the headers announce, before any of the body.
    expect(await Promise.all(announced.map((exchange) => exchange.answer))).toEqual(jsonTargets.map(() => 413));
    await expectSameProcessAlive(standard);

    const contact = targets[1] as Target;
    const signIn = targets[0] as Target;
    await Promise.all(Array.from({ length: 20 }, (_, index) => abortedHalfway(standard, index % 2 ? contact : signIn)));
    await expectSameProcessAlive(standard);

    const slowOnes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => slow(standard, index % 2 ? contact : signIn)),
    );
    for (const exchange of slowOnes) await expectClosedByServer(exchange);
    await expectSameProcessAlive(standard);
    // Cut for arriving below the minimum rate, with 408.
    expect(await Promise.all(slowOnes.map((exchange) => exchange.answer))).toEqual(slowOnes.map(() => 408));

    const waited = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 30_000 - waited)));
    for (const exchange of announced) await expectClosedByServer(exchange);
    await expectSameProcessAlive(standard);
    recordFigures(context, { unfinishedBodiesSurvived: announced.length + 20 + slowOnes.length });
  }, 120_000);

  it('with the standard timers: 20 bodies and 10 uploads that come fast (999,000 of 1,000,000 bytes) and stop are all closed within 30 s', async (context) => {
    const contact = targets[1] as Target;
    const verifyPdf = targets.find((target) => target.name === 'PDF verify') as Target;
    const stallAfter999k = async (target: Target) => {
      const body = bodyOf(target.kind, 1_000_000);
      const exchange = await openExchange(
        standard,
        headOf(target, { 'Content-Type': body.contentType, 'Content-Length': body.bytes.length }),
      );
      await writeAll(exchange, body.bytes.subarray(0, 999_000));
      return exchange;
    };
    const stalled = await Promise.all(Array.from({ length: 20 }, () => stallAfter999k(contact)));
    const stalledUploads = await Promise.all(Array.from({ length: 10 }, () => stallAfter999k(verifyPdf)));
    // Long before the request timeout (120 s), the stall cut (10 s) closes them all.
    const deadline = new Promise<'open'>((resolve) => setTimeout(resolve, 30_000, 'open').unref());
    const outcome = await Promise.race([
      Promise.all([...stalled, ...stalledUploads].map((exchange) => exchange.closed)).then(() => 'closed'),
      deadline,
    ]);
    const stillOpen = [...stalled, ...stalledUploads].filter((exchange) => !exchange.isClosed()).length;
    expect({ outcome, stillOpen }).toEqual({ outcome: 'closed', stillOpen: 0 });
    expect(await Promise.all(stalled.map((exchange) => exchange.answer))).toEqual(stalled.map(() => 408));
    // An upload is hung up on: the multipart parser is mid-read, and the client has stopped listening.
    expect(await Promise.all(stalledUploads.map((exchange) => exchange.answer))).toEqual(
      stalledUploads.map(() => undefined),
    );
    await expectSameProcessAlive(standard);
    recordFigures(context, { unfinishedBodiesSurvived: stalled.length + stalledUploads.length });
  }, 120_000);
});
