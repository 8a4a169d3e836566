import { type AuthUser, errorCodes, type Session, sessionEndpoints } from '@app/contract';
import { ApiError, type requestEndpoint } from '../http.ts';
import { parseStoredSession } from './stored-session.ts';

export type AuthState =
  | { status: 'loading' }
  /**
   * `expired`: the server ended the session, so a page the user was on can say why they must sign in.
   * `removed`: the server's word that they were removed from the business (ADR 0077, Removal).
   */
  | { status: 'signed-out'; expired?: true; removed?: string }
  | { status: 'signed-in'; session: Session };

export type AuthChange =
  | { event: 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY'; session: Session }
  /**
   * `expired`: the server ended the session (not the user, not another tab): tell them and ask to sign in.
   * `removed`: it ended because they were removed from the business; the server's message says so.
   */
  | { event: 'SIGNED_OUT'; session: null; expired: boolean; removed?: string | undefined };

export type AuthEvent = AuthChange['event'];

/** The subset of the Web Locks API used here (navigator.locks). */
export type LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
};

export type SessionStoreOptions = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  storageKey: string;
  request: typeof requestEndpoint;
  /** Shared by every tab of the origin; without it (old browsers) only this tab is serialised. */
  locks?: LockManagerLike | undefined;
  now?: () => number;
  /**
   * Has what this device keeps for a member removed from the business dropped (their outbox, offline
   * copies and kept typing): queued changes must never replay into any business (ADR 0077, Removal).
   */
  forgetRemovedMember?: (userId: string) => void;
};

/** Renew this long before the access token expires (PRODUCT.md, Accounts and sessions: about a minute). */
const REFRESH_MARGIN_SECONDS = 60;
const { signIn, signOut, refresh } = sessionEndpoints;

/** A refresh holds the cross-tab lock; a hung request must not hold it forever. */
const REFRESH_TIMEOUT_MS = 15_000;

/**
 * The session as the whole app sees it: one instance per tab, the source of truth shared through
 * localStorage. A plain class (not React state) so the API client and other non-React code can use
 * it, and so it can be tested with a fake storage, clock and lock.
 *
 * Refresh tokens rotate on every use and reusing an old one ends the whole session, so a refresh
 * runs under a lock shared by all tabs and first re-reads storage: a tab that lost the race adopts
 * the session the winner stored instead of spending the old token.
 */
export class SessionStore {
  private state: AuthState = { status: 'loading' };
  private readonly stateListeners = new Set<() => void>();
  private readonly changeListeners = new Set<(change: AuthChange) => void>();
  private readonly now: () => number;
  private readonly lockName: string;
  private tabLock: Promise<unknown> = Promise.resolve();
  private autoRefreshRunning = false;
  private markReady: () => void = () => {};
  /** Settles once the stored session has been read (and renewed if it was about to expire). */
  private readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  constructor(private readonly options: SessionStoreOptions) {
    this.now = options.now ?? Date.now;
    this.lockName = `${options.storageKey}-lock`;
  }

  // Arrow properties so React can pass them to useSyncExternalStore unbound.
  getSnapshot = (): AuthState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Calls `listener` on every sign-in, sign-out, refresh, user update and password recovery. */
  onAuthStateChange = (listener: (change: AuthChange) => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  /**
   * Reads the stored session. One that is expired or about to expire is renewed before the state
   * resolves, so guarded pages keep showing 'Checking authentication...' instead of flashing in and out.
   */
  async initialise(): Promise<void> {
    const stored = this.readStored();
    if (stored && this.expiresSoon(stored)) {
      try {
        await this.refresh(stored, false);
      } catch {
        // Offline or server trouble: keep the stored session; the auto-refresh retries later.
        this.adopt(this.readStored());
      }
    } else {
      this.adopt(stored);
    }
    this.markReady();
  }

  /** PRODUCT.md, States: clears stored auth data and signs out globally first, then signs in. */
  async signInWithPassword(credentials: { email: string; password: string }): Promise<Session> {
    const previous = this.readStored();
    await this.endSession({ expired: false });
    if (previous) {
      // Failures do not matter: the old session is gone from this browser either way.
      await this.options.request(signOut, {}, { accessToken: previous.access_token }).catch(() => undefined);
    }
    const session = await this.options.request(signIn, { body: credentials });
    return this.commit(session, 'SIGNED_IN');
  }

  /** PRODUCT.md, States: clears stored auth data and signs out globally (every session on every device). */
  async signOut(): Promise<void> {
    // A live access token, so the server accepts the global sign-out even after the laptop slept.
    const accessToken = await this.getAccessToken().catch(() => this.currentSession()?.access_token ?? null);
    await this.endSession({ expired: false });
    if (accessToken) {
      await this.options.request(signOut, {}, { accessToken }).catch(() => undefined);
    }
  }

  /** The account was deleted and the server has ended all its sessions: forget this one here, without a call. */
  async accountDeleted(): Promise<void> {
    await this.endSession({ expired: false });
  }

  /**
   * Keeps a session obtained from an emailed link (code exchange or verification), or the fresh one
   * joining a business by invitation answers (ADR 0078): the same person goes on, so that is a
   * renewal (`TOKEN_REFRESHED`), not a sign-in.
   */
  setSession(session: Session, event: 'SIGNED_IN' | 'PASSWORD_RECOVERY' | 'TOKEN_REFRESHED'): Session {
    return this.commit(session, event);
  }

  updateUser(user: AuthUser): void {
    const current = this.currentSession();
    if (current) this.save({ ...current, user }, 'USER_UPDATED');
  }

  /**
   * A new password was set: the server has ended the recovery part of this session (a further change
   * needs the current password), so the stored session stops saying `recovery`.
   */
  passwordChanged(user: AuthUser): void {
    const current = this.currentSession();
    if (!current) return;
    const { recovery: _ended, ...rest } = current;
    this.save({ ...rest, user }, 'USER_UPDATED');
  }

  /** An access token valid for at least another minute, renewing it first if needed; null when signed out. */
  async getAccessToken(): Promise<string | null> {
    await this.ready;
    const current = this.currentSession();
    if (!current) return null;
    if (!this.expiresSoon(current)) return current.access_token;
    try {
      return (await this.refresh(current, false))?.access_token ?? null;
    } catch (error) {
      // Could not renew just now; the old token is still worth a try until it actually expires.
      if (current.expires_at * 1000 > this.now()) return current.access_token;
      throw error;
    }
  }

  /**
   * The server rejected `rejectedToken` (401): renew the session once. Returns the token to retry
   * with, or null when the session is over (this store has then signed out).
   */
  async refreshAfterRejection(rejectedToken: string): Promise<string | null> {
    const current = this.currentSession();
    if (!current) return null;
    if (current.access_token !== rejectedToken) return current.access_token;
    return (await this.refresh(current, true))?.access_token ?? null;
  }

  /** The server no longer accepts this session: sign out here and let the app ask for a new sign-in. */
  expireSession(): void {
    void this.endSession({ expired: true });
  }

  /** Renews the session when it is within a minute of expiring; cheap to call often (timer, focus). */
  async refreshIfDue(): Promise<void> {
    const current = this.currentSession();
    if (!current || !this.expiresSoon(current) || this.autoRefreshRunning) return;
    this.autoRefreshRunning = true;
    try {
      await this.refresh(current, false);
    } catch {
      // Offline or server trouble: the next tick, focus or `online` event tries again.
    } finally {
      this.autoRefreshRunning = false;
    }
  }

  /** Follows a change another tab made to the stored session (the `storage` event). */
  syncFromStorage(): void {
    const stored = this.readStored();
    if (stored) this.adopt(stored);
    else if (this.state.status === 'signed-in') this.transition({ status: 'signed-out' }, null, false);
  }

  private currentSession(): Session | null {
    return this.state.status === 'signed-in' ? this.state.session : null;
  }

  private expiresSoon(session: Session): boolean {
    return session.expires_at - REFRESH_MARGIN_SECONDS <= this.now() / 1000;
  }

  /**
   * Renews `known` under the cross-tab lock. Inside, storage decides: if another tab already
   * renewed (or signed out), adopt that; otherwise spend the stored refresh token exactly once.
   * Transient failures (offline, 5xx, 429) are thrown and leave the session in place.
   */
  private refresh(known: Session, force: boolean): Promise<Session | null> {
    return this.withLock(async () => {
      const stored = this.readStored();
      if (!stored) {
        this.adopt(null);
        return null;
      }
      const renewedElsewhere = stored.refresh_token !== known.refresh_token;
      if ((renewedElsewhere || !force) && !this.expiresSoon(stored)) {
        this.adopt(stored);
        return stored;
      }
      try {
        const renewed = await this.options.request(
          refresh,
          { body: { refresh_token: stored.refresh_token } },
          { signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) },
        );
        return this.commit(renewed, 'TOKEN_REFRESHED');
      } catch (error) {
        if (!isSessionRejection(error)) throw error;
        this.clearStored();
        if (error.code === errorCodes.memberRemoved) {
          this.options.forgetRemovedMember?.(stored.user.id);
          this.transition({ status: 'signed-out', removed: error.message }, null, false);
        } else {
          this.transition({ status: 'signed-out' }, null, true);
        }
        return null;
      }
    });
  }

  private endSession({ expired }: { expired: boolean }): Promise<void> {
    return this.withLock(async () => {
      this.clearStored();
      this.transition({ status: 'signed-out' }, null, expired);
    });
  }

  /** Stores a session just issued by the server and announces it. */
  private commit(issued: Session, event: Exclude<AuthEvent, 'SIGNED_OUT'>): Session {
    // expires_at is re-based on this device's clock: with a clock that runs ahead of the server's,
    // the server's timestamp would look expired already and the tab would refresh in a loop.
    return this.save({ ...issued, expires_at: Math.floor(this.now() / 1000) + issued.expires_in }, event);
  }

  private save(session: Session, event: Exclude<AuthEvent, 'SIGNED_OUT'>): Session {
    this.options.storage.setItem(this.options.storageKey, JSON.stringify(session));
    this.transition({ status: 'signed-in', session }, event, false);
    return session;
  }

  /** Takes on what is in storage (written by this tab or another) without writing it back. */
  private adopt(stored: Session | null): void {
    if (!stored) {
      this.transition({ status: 'signed-out' }, null, false);
      return;
    }
    const current = this.currentSession();
    if (current?.access_token === stored.access_token) return;
    const event = current?.user.id === stored.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN';
    this.transition({ status: 'signed-in', session: stored }, event, false);
  }

  /**
   * Sets the state and tells listeners. Resolving the start-up 'loading' state is not a change
   * (nobody was signed in or out yet), so it raises no event: read getSnapshot() for it.
   */
  private transition(next: AuthState, event: Exclude<AuthEvent, 'SIGNED_OUT'> | null, expired: boolean): void {
    const previous = this.state;
    if (next.status === 'signed-out' && previous.status === 'signed-out') return;
    this.state = next.status === 'signed-out' && expired ? { ...next, expired: true } : next;
    for (const listener of this.stateListeners) listener();
    if (previous.status === 'loading') return;
    let change: AuthChange | null = null;
    if (next.status === 'signed-in' && event) change = { event, session: next.session };
    else if (next.status === 'signed-out')
      change = { event: 'SIGNED_OUT', session: null, expired, removed: next.removed };
    if (change) for (const listener of this.changeListeners) listener(change);
  }

  private readStored(): Session | null {
    try {
      const raw = this.options.storage.getItem(this.options.storageKey);
      return raw ? parseStoredSession(raw) : null;
    } catch {
      return null;
    }
  }

  private clearStored(): void {
    this.options.storage.removeItem(this.options.storageKey);
  }

  /** Runs `task` exclusively across tabs (Web Locks) or, without them, at least within this tab. */
  private withLock<T>(task: () => Promise<T>): Promise<T> {
    if (this.options.locks) return this.options.locks.request(this.lockName, task);
    const result = this.tabLock.then(task);
    this.tabLock = result.catch(() => undefined);
    return result;
  }
}

/** The server says this refresh token is no good (unknown, reused, revoked): the session is over. */
function isSessionRejection(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}
