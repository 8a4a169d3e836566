import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { buildTestApp } from '../support/app.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';

/*
 * ADR 0024: 100 anonymous POST /api/contact once sent 999,000 of 1,000,000 bytes, then one byte
 * every 20 s, and all stayed open for 400 s. Over real sockets, with small bounds set for the test.
 */

let database: TestDatabase;
let mail: MailCatcher;
let app: App;
let port: number;

const MAX_CONNECTIONS = 4;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailCatcher();
  app = await buildTestApp(database.db, {
    mailer: mail.mailer,
    settings: {
      slowClients: {
        requestTimeoutMs: 20_000,
        minBodyBytesPerSecond: 1_000,
        bodyGraceMs: 1_000,
        bodyStallMs: 2_000,
        maxConnectionsPerIp: MAX_CONNECTIONS,
      },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await mail.close();
  await database.drop();
});

/** A socket to the app; resolves once connected. */
const open = () =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

/** Everything the server wrote until it closed the socket. */
const answerUntilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.once('close', () => resolve(answer));
  });

const contactHeaders = (length: number) =>
  `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('cuts off a body that drips in below the minimum rate, with 408', async () => {
    const socket = await open();
    const closed = answerUntilClosed(socket);
    socket.write(contactHeaders(1_000_000));
    socket.write('{"name":"Slow","email":"slow@example.com","message":"');
    // One byte every 200 ms: far below 1,000 bytes a second. The server must hang up first.
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write('x');
    }, 200);
    const answer = await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request_timeout"');
  });

  it('cuts off a body that arrived fast and then stopped, whatever came before, with 408', async () => {
    const socket = await open();
    const closed = answerUntilClosed(socket);
    socket.write(contactHeaders(1_000_000));
    // 999,000 bytes at once: far above the average rate for the next 999 s, yet nothing more comes.
    socket.write(`{"name":"Stall","email":"stall@example.com","message":"${'x'.repeat(998_900)}`);
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request_timeout"');
  });

  it('still takes an ordinary request at an ordinary speed', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ name: 'Jo Builder', email: 'jo@builder.example.com', message: 'x'.repeat(4_000) }),
    });
    expect(response.status).toBe(201);
  });

  it(`takes at most ${MAX_CONNECTIONS} connections from one address, and the next once one closes`, async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => open()));
    const extra = await open();
    // The server drops the extra connection before reading anything from it.
    expect(await answerUntilClosed(extra)).toBe('');

    const first = held[0] as Socket;
    const firstClosed = answerUntilClosed(first);
    first.destroy();
    await firstClosed;
    await expect
      .poll(async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } })).status;
        } catch {
          return 0;
        }
      })
      .toBe(200);
    for (const socket of held) socket.destroy();
  });
});
