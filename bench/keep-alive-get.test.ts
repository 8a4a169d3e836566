import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAliveGet } from './keep-alive-get.ts';

const servers: http.Server[] = [];

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('keepAliveGet', () => {
  it('sends the headers, reads each whole answer and keeps the connection', async () => {
    const seen: { url?: string; authorization?: string; port?: number }[] = [];
    const body = 'x'.repeat(100_000); // arrives in several chunks
    const base = await serve((request, response) => {
      seen.push({ url: request.url, authorization: request.headers.authorization, port: request.socket.remotePort });
      response.writeHead(seen.length === 2 ? 404 : 200, { 'content-length': Buffer.byteLength(body) }).end(body);
    });
    const get = keepAliveGet(base, '/api/certificates?limit=20', { authorization: 'Bearer token' });

    expect(await get()).toBe(200);
    expect(await get()).toBe(404);
    expect(await get()).toBe(200);
    expect(seen.map(({ url, authorization }) => ({ url, authorization }))).toEqual(
      Array(3).fill({ url: '/api/certificates?limit=20', authorization: 'Bearer token' }),
    );
    expect(new Set(seen.map(({ port }) => port)).size).toBe(1);
  });

  it('opens a new connection after the server said it would close one', async () => {
    const ports: (number | undefined)[] = [];
    const base = await serve((request, response) => {
      ports.push(request.socket.remotePort);
      response.writeHead(200, { 'content-length': 2, connection: 'close' }).end('ok');
    });
    const get = keepAliveGet(base, '/', {});

    expect(await get()).toBe(200);
    expect(await get()).toBe(200);
    expect(ports[0]).not.toBe(ports[1]);
  });

  it('refuses an answer without a Content-Length', async () => {
    const base = await serve((_request, response) => {
      response.write('chunked');
      response.end();
    });
    await expect(keepAliveGet(base, '/', {})()).rejects.toThrow('answered 200 without a Content-Length');
  });

  it('fails when the connection closes before the whole answer arrived', async () => {
    const base = await serve((request, response) => {
      response.writeHead(200, { 'content-length': 10 });
      response.write('half');
      request.socket.destroy();
    });
    await expect(keepAliveGet(base, '/', {})()).rejects.toThrow('the connection closed before the answer to GET /');
  });
});
