// `npm start`'s launcher: runs the server entry given as its argument and, if the server exits
// abnormally (a non-zero code, an uncaught exception, a signal such as the OOM killer's SIGKILL),
// says so in one line on stderr and exits the same way. Nothing here restarts it: in production a
// supervisor does (README, "Running in production"; ADR 0060).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/start.mjs <server entry> [args…]');
  process.exit(2);
}

// A young generation of 64 MB semi-spaces (V8's default: 16) scavenges a request's garbage a quarter
// as often: the certificate list serves 10-30% more a second with it (ADR 0095). A V8 flag works only
// on the command line; HTTP workers inherit it. bench/support.ts starts the server with the same.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry, ...args], { stdio: 'inherit' });
// Ctrl-C reaches the server from the terminal as well; a signal sent to this launcher alone
// (e.g. `kill <pid>`) is passed on, so the server shuts down in order either way.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  if (code === 0) process.exit(0);
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
  console.error(
    `The server ${how}; nothing will restart it. In production, run it under a supervisor: see README.md, "Running in production".`,
  );
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
