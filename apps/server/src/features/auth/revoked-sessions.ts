import type { FastifyBaseLogger as Logger } from 'fastify';
import pg from 'pg';

/** The NOTIFY channel on which a revocation is announced (in the revoking transaction, so on commit). */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

const RECONNECT_DELAY_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The ids of sessions revoked within the last access-token lifetime, kept in memory so a request
 * checks its session with no database round trip (PRODUCT.md, Accounts and sessions). Older revocations need no entry: their
 * access tokens have expired anyway. The set is derived state: every instance LISTENs first, then
 * loads the recent revocations, and does both again after any lost connection. While it is not
 * current, `isRevoked` answers `undefined` and the caller asks the database instead.
 */
export class RevokedSessions {
  private readonly revokedAt = new Map<string, number>();
  private client: pg.Client | undefined;
  private current = false;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly accessTokenTtlSeconds: number,
    private readonly logger: Logger,
  ) {}

  /** True or false when the set is current; undefined when the database must be asked. */
  isRevoked(sessionId: string): boolean | undefined {
    if (!this.current) return undefined;
    return this.revokedAt.has(sessionId);
  }

  /** Records a revocation made by this instance at once (its own NOTIFY arrives a moment later). */
  add(sessionIds: readonly string[]) {
    const now = Date.now();
    for (const id of sessionIds) this.revokedAt.set(id, now);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.pruneTimer = setInterval(() => this.prune(), 60_000);
    this.pruneTimer.unref();
    try {
      await this.connect();
    } catch (error) {
      // The database check covers the gap; keep trying in the background.
      this.logger.warn({ err: error }, 'revoked-session listener could not start; checking sessions in the database');
      this.scheduleReconnect();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.current = false;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pruneTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect() {
    const client = new pg.Client({ ...this.connection, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === SESSION_REVOKED_CHANNEL && message.payload) this.add([message.payload]);
    });
    await client.connect();
    this.client = client;
    try {
      await client.query(`listen ${SESSION_REVOKED_CHANNEL}`);
      // Listening before loading: a revocation committed in between is in one or the other.
      const { rows } = await client.query<{ id: string; revoked_ms: number }>(
        `select id, (extract(epoch from revoked_at) * 1000)::float8 as revoked_ms from auth_sessions
         where revoked_at > now() - make_interval(secs => $1)`,
        [this.accessTokenTtlSeconds + 60],
      );
      for (const row of rows) this.revokedAt.set(row.id, row.revoked_ms);
      this.prune();
      this.current = true;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  private lost(client: pg.Client, error?: Error) {
    if (client !== this.client) return;
    this.current = false;
    this.client = undefined;
    client.end().catch(() => {});
    if (this.stopped) return;
    this.logger.warn({ err: error }, 'revoked-session listener lost its connection; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'revoked-session listener reconnect failed; retrying');
        this.scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }

  /** Drops entries whose access tokens have all expired; runs on load and every minute. */
  private prune() {
    const oldest = Date.now() - (this.accessTokenTtlSeconds + 60) * 1000;
    for (const [id, at] of this.revokedAt) if (at < oldest) this.revokedAt.delete(id);
  }
}
