import net from 'node:net';
import { createSmtpMailer, type Mailer } from '../../src/platform/mail/mailer.ts';

export type StalledSmtp = {
  /** Sockets it holds open: a client that reached it is waiting for an answer that never comes. */
  openSockets: ReadonlySet<net.Socket>;
  /** A real SMTP mailer pointed at it, giving up after `timeoutMs` at each stage. */
  mailer: (timeoutMs: number) => Mailer;
  close: () => Promise<void>;
};

/** A mail outage: an SMTP server that greets and then goes silent (never answers EHLO). */
export async function startStalledSmtp(): Promise<StalledSmtp> {
  const openSockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
    socket.on('error', () => {});
    socket.write('220 stalled.test ESMTP\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    openSockets,
    mailer: (timeoutMs) =>
      createSmtpMailer(`smtp://127.0.0.1:${port}`, 'TradeCert <t@test>', {
        connectionMs: timeoutMs,
        greetingMs: timeoutMs,
        socketMs: timeoutMs,
      }),
    close: async () => {
      for (const socket of openSockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
