import net from 'node:net';

/** Longest wait for one answer: a server that stops answering fails the bench rather than hanging it. */
const ANSWER_TIMEOUT_MS = 10_000;
const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * A load generator for one GET, as wrk and autocannon are: the request's bytes are written once,
 * each answer is read to its last byte on a kept-alive connection, and only its status and
 * length are looked at. It stands for clients on other machines, so it takes as little of the
 * cores the server and PostgreSQL share as it can (ADR 0105). Each call resolves with the status
 * once the whole answer has arrived; an answer without a Content-Length (chunked) is refused.
 */
export function keepAliveGet(base: string, path: string, headers: Record<string, string>): () => Promise<number> {
  const url = new URL(base);
  const lines = Object.entries({ host: url.host, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  const requestBytes = Buffer.from(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`, 'latin1');
  const idle: net.Socket[] = [];

  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.off('error', reject);
        resolve(socket);
      });
      socket.setNoDelay(true);
      socket.once('error', reject);
      // A kept connection reset while idle must not end the bench with an unhandled error: it is
      // destroyed, and `open` passes it over.
      socket.on('error', () => socket.destroy());
    });

  // A kept connection the server has since closed (its keep-alive timeout) is left behind.
  const open = () => {
    for (let socket = idle.pop(); socket; socket = idle.pop()) if (socket.readyState === 'open') return socket;
    return undefined;
  };

  return async () => {
    const socket = open() ?? (await connect());
    let keep = true;
    const status = await new Promise<number>((resolve, reject) => {
      let received: Buffer = Buffer.alloc(0);
      let answerLength = -1;
      let status = 0;
      const finish = (error?: Error) => {
        clearTimeout(timer);
        socket.off('data', onData).off('error', finish).off('close', onClose);
        if (error) {
          socket.destroy();
          reject(error);
        } else resolve(status);
      };
      const onClose = () => finish(new Error(`the connection closed before the answer to GET ${path} was read`));
      const onData = (chunk: Buffer) => {
        received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
        if (answerLength < 0) {
          const headEnd = received.indexOf(HEAD_END);
          if (headEnd < 0) return;
          const head = received.toString('latin1', 0, headEnd).toLowerCase();
          status = Number(head.slice(9, 12));
          keep = !head.includes('\r\nconnection: close');
          const length = /\r\ncontent-length: *(\d+)/.exec(head)?.[1];
          if (length === undefined) return finish(new Error(`GET ${path} answered ${status} without a Content-Length`));
          answerLength = headEnd + HEAD_END.length + Number(length);
        }
        if (received.length > answerLength) finish(new Error(`GET ${path} answered more bytes than it announced`));
        else if (received.length === answerLength) finish();
      };
      const timer = setTimeout(
        () => finish(new Error(`GET ${path} had no whole answer within ${ANSWER_TIMEOUT_MS} ms`)),
        ANSWER_TIMEOUT_MS,
      );
      socket.on('data', onData).on('error', finish).on('close', onClose);
      socket.write(requestBytes);
    });
    if (keep) idle.push(socket);
    else socket.destroy();
    return status;
  };
}
