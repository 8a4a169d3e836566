import { authEndpoints, errorCodes, type JsonEndpoint, type Session } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { type AnyInput, ApiError, NetworkError, type requestEndpoint, type Transport } from '../http.ts';
import { type AuthChange, type LockManagerLike, SessionStore } from './session-store.ts';

const STORAGE_KEY = 'localhost-auth-token';
const TOKEN_LIFETIME_SECONDS = 900;

/** localStorage shared by the tabs of one browser. */
function createStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Web Locks shared by the tabs of one browser: one holder per name at a time. */
function createLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const result = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
}

/** An auth server with rotating refresh tokens: a used or unknown one is refused. */
function createServer(clock: { now: number }) {
  let issued = 0;
  const liveRefreshTokens = new Set<string>();
  const calls: Array<{ endpoint: JsonEndpoint; input: AnyInput; transport: Transport }> = [];
  let offline = false;

  const issue = (userId = 'user-1'): Session => {
    issued += 1;
    const session: Session = {
      access_token: `access-${issued}`,
      token_type: 'bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      expires_at: Math.floor(clock.now / 1000) + TOKEN_LIFETIME_SECONDS,
      refresh_token: `refresh-${issued}`,
      user: { id: userId, email: `${userId}@example.com`, email_confirmed_at: null, created_at: '2025-01-01' },
    };
    liveRefreshTokens.add(session.refresh_token);
    return session;
  };

  const handle = async (endpoint: JsonEndpoint, input: AnyInput, transport: Transport = {}): Promise<unknown> => {
    calls.push({ endpoint, input, transport });
    await new Promise((resolve) => setTimeout(resolve, 1)); // answers arrive later, as over a network
    if (offline) throw new NetworkError();
    const body = input.body as Record<string, string> | undefined;
    switch (endpoint) {
      case authEndpoints.refresh: {
        const token = body?.refresh_token ?? '';
        if (!liveRefreshTokens.delete(token)) {
          throw new ApiError(401, errorCodes.refreshTokenReused, 'Invalid refresh token: already used');
        }
        return issue();
      }
      case authEndpoints.signIn:
        return issue(body?.email === 'other@example.com' ? 'user-2' : 'user-1');
      case authEndpoints.signOut:
        return { ok: true };
      default:
        throw new ApiError(404, errorCodes.notFound, `No API endpoint at ${endpoint.path}`);
    }
  };

  return {
    issue,
    calls,
    request: handle as typeof requestEndpoint,
    refreshCalls: () => calls.filter((call) => call.endpoint === authEndpoints.refresh),
    goOffline: () => {
      offline = true;
    },
  };
}

function createBrowser() {
  const clock = { now: Date.UTC(2025, 5, 1, 9, 0, 0) };
  const storage = createStorage();
  const locks = createLocks();
  const server = createServer(clock);
  const openTab = () => {
    const store = new SessionStore({
      storage,
      storageKey: STORAGE_KEY,
      request: server.request,
      locks,
      now: () => clock.now,
    });
    const changes: AuthChange[] = [];
    store.onAuthStateChange((change) => changes.push(change));
    return { store, changes, events: () => changes.map((change) => change.event) };
  };
  const stored = () => {
    const raw = storage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  };
  const store = (session: Session) => storage.setItem(STORAGE_KEY, JSON.stringify(session));
  const advanceSeconds = (seconds: number) => {
    clock.now += seconds * 1000;
  };
  return { clock, server, storage, openTab, stored, store, advanceSeconds };
}

const sessionOf = (tab: { store: SessionStore }) => {
  const state = tab.store.getSnapshot();
  return state.status === 'signed-in' ? state.session : null;
};

describe('SessionStore start-up', () => {
  it('is signed out without a stored session', async () => {
    const browser = createBrowser();
    const tab = browser.openTab();
    expect(tab.store.getSnapshot().status).toBe('loading');
    await tab.store.initialise();
    expect(tab.store.getSnapshot().status).toBe('signed-out');
    expect(await tab.store.getAccessToken()).toBeNull();
  });

  it('uses a stored session that is still fresh without calling the server', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const tab = browser.openTab();
    await tab.store.initialise();
    expect(sessionOf(tab)?.access_token).toBe('access-1');
    expect(browser.server.calls).toEqual([]);
    expect(tab.events()).toEqual([]);
  });

  it('renews a stored session that is about to expire before it resolves', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    browser.advanceSeconds(TOKEN_LIFETIME_SECONDS - 30);
    const tab = browser.openTab();
    const started = tab.store.initialise();
    expect(tab.store.getSnapshot().status).toBe('loading');
    await started;
    expect(sessionOf(tab)?.access_token).toBe('access-2');
    expect(browser.stored()?.refresh_token).toBe('refresh-2');
  });

  it('ends quietly when the stored session was revoked meanwhile', async () => {
    const browser = createBrowser();
    const revoked = browser.server.issue();
    browser.store({ ...revoked, refresh_token: 'revoked' });
    browser.advanceSeconds(TOKEN_LIFETIME_SECONDS + 3600);
    const tab = browser.openTab();
    await tab.store.initialise();
    expect(tab.store.getSnapshot().status).toBe('signed-out');
    expect(browser.stored()).toBeNull();
    // Nobody was signed in on this page yet, so there is no "session expired" to announce.
    expect(tab.events()).toEqual([]);
  });

  it('keeps the stored session when it cannot be renewed offline', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    browser.advanceSeconds(TOKEN_LIFETIME_SECONDS + 60);
    browser.server.goOffline();
    const tab = browser.openTab();
    await tab.store.initialise();
    expect(sessionOf(tab)?.access_token).toBe('access-1');
    expect(browser.stored()?.refresh_token).toBe('refresh-1');
  });
});

describe('SessionStore refresh', () => {
  it('renews once across tabs; the tab that lost the race adopts the new token', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const first = browser.openTab();
    const second = browser.openTab();
    await Promise.all([first.store.initialise(), second.store.initialise()]);
    browser.advanceSeconds(TOKEN_LIFETIME_SECONDS - 30);

    const [tokenA, tokenB] = await Promise.all([first.store.getAccessToken(), second.store.getAccessToken()]);

    expect(browser.server.refreshCalls()).toHaveLength(1);
    expect(tokenA).toBe('access-2');
    expect(tokenB).toBe('access-2');
    expect(first.events()).toEqual(['TOKEN_REFRESHED']);
    expect(second.events()).toEqual(['TOKEN_REFRESHED']);
    expect(first.store.getSnapshot().status).toBe('signed-in');
    expect(second.store.getSnapshot().status).toBe('signed-in');
  });

  it('renews once when many requests in one tab need a fresh token at the same time', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const tab = browser.openTab();
    await tab.store.initialise();
    browser.advanceSeconds(TOKEN_LIFETIME_SECONDS);
    const tokens = await Promise.all([1, 2, 3, 4].map(() => tab.store.getAccessToken()));
    expect(new Set(tokens)).toEqual(new Set(['access-2']));
    expect(browser.server.refreshCalls()).toHaveLength(1);
  });

  it('after a 401, adopts a token another tab already renewed instead of spending the old refresh token', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const first = browser.openTab();
    const second = browser.openTab();
    await Promise.all([first.store.initialise(), second.store.initialise()]);

    expect(await first.store.refreshAfterRejection('access-1')).toBe('access-2');
    // The second tab missed the storage event; its request with access-1 was refused too.
    expect(await second.store.refreshAfterRejection('access-1')).toBe('access-2');
    expect(
      browser.server.refreshCalls().map((call) => (call.input.body as { refresh_token: string }).refresh_token),
    ).toEqual(['refresh-1']);
  });

  it('signs out with "expired" when the server refuses the refresh token', async () => {
    const browser = createBrowser();
    browser.store({ ...browser.server.issue(), refresh_token: 'already-used' });
    const tab = browser.openTab();
    await tab.store.initialise();
    expect(await tab.store.refreshAfterRejection('access-1')).toBeNull();
    expect(tab.store.getSnapshot().status).toBe('signed-out');
    expect(browser.stored()).toBeNull();
    expect(tab.changes).toEqual([{ event: 'SIGNED_OUT', session: null, expired: true }]);
  });

  it('refreshes on the interval check only when the token is about to expire', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const tab = browser.openTab();
    await tab.store.initialise();
    await tab.store.refreshIfDue();
    expect(browser.server.refreshCalls()).toHaveLength(0);
    // A laptop wakes up long after the token expired: the next check renews it.
    browser.advanceSeconds(3 * 3600);
    await tab.store.refreshIfDue();
    expect(sessionOf(tab)?.access_token).toBe('access-2');
  });

  it('keeps the expiry on this device’s clock, so a clock running ahead does not refresh in a loop', async () => {
    const browser = createBrowser();
    const tab = browser.openTab();
    await tab.store.initialise();
    const fromServer = browser.server.issue();
    browser.advanceSeconds(20 * 60); // this device runs 20 minutes ahead of the server
    tab.store.setSession(fromServer, 'SIGNED_IN');
    expect(sessionOf(tab)?.expires_at).toBe(Math.floor(browser.clock.now / 1000) + TOKEN_LIFETIME_SECONDS);
    await tab.store.refreshIfDue();
    expect(browser.server.refreshCalls()).toHaveLength(0);
  });
});

describe('SessionStore sign-in and sign-out', () => {
  it('signs the stored session out globally before signing in', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const tab = browser.openTab();
    await tab.store.initialise();

    await tab.store.signInWithPassword({ email: 'other@example.com', password: 'secret-password' });

    expect(browser.server.calls.map((call) => call.endpoint)).toEqual([authEndpoints.signOut, authEndpoints.signIn]);
    expect(browser.server.calls[0]?.transport.accessToken).toBe('access-1');
    expect(tab.events()).toEqual(['SIGNED_OUT', 'SIGNED_IN']);
    expect(browser.stored()?.user.id).toBe('user-2');
  });

  it('clears the stored session and signs out globally', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const tab = browser.openTab();
    await tab.store.initialise();
    await tab.store.signOut();
    expect(browser.stored()).toBeNull();
    expect(browser.server.calls).toEqual([
      { endpoint: authEndpoints.signOut, input: {}, transport: { accessToken: 'access-1' } },
    ]);
    expect(tab.changes).toEqual([{ event: 'SIGNED_OUT', session: null, expired: false }]);
  });

  it('forgets a deleted account here without calling the server, which has already ended its sessions', async () => {
    const browser = createBrowser();
    browser.store(browser.server.issue());
    const tab = browser.openTab();
    await tab.store.initialise();
    await tab.store.accountDeleted();
    expect(browser.stored()).toBeNull();
    expect(browser.server.calls).toEqual([]);
    expect(tab.changes).toEqual([{ event: 'SIGNED_OUT', session: null, expired: false }]);
  });

  it('follows sign-out, sign-in and refreshes made in other tabs', async () => {
    const browser = createBrowser();
    const first = browser.openTab();
    const second = browser.openTab();
    await Promise.all([first.store.initialise(), second.store.initialise()]);

    await first.store.signInWithPassword({ email: 'user-1@example.com', password: 'secret-password' });
    second.store.syncFromStorage();
    browser.advanceSeconds(TOKEN_LIFETIME_SECONDS);
    await first.store.refreshIfDue();
    second.store.syncFromStorage();
    await first.store.signOut();
    second.store.syncFromStorage();

    expect(second.events()).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
    expect(second.store.getSnapshot().status).toBe('signed-out');
  });

  it('announces a password recovery and a user update', async () => {
    const browser = createBrowser();
    const tab = browser.openTab();
    await tab.store.initialise();
    const session = browser.server.issue();
    const { expires_at } = tab.store.setSession(session, 'PASSWORD_RECOVERY');
    browser.advanceSeconds(600);
    tab.store.updateUser({ ...session.user, email_confirmed_at: '2025-06-01T09:00:00.000Z' });
    expect(tab.events()).toEqual(['PASSWORD_RECOVERY', 'USER_UPDATED']);
    expect(browser.stored()?.user.email_confirmed_at).toBe('2025-06-01T09:00:00.000Z');
    // The access token did not change, so neither does its expiry.
    expect(browser.stored()?.expires_at).toBe(expires_at);
  });

  it('stops calling the session a recovery session once the new password is set', async () => {
    const browser = createBrowser();
    const tab = browser.openTab();
    await tab.store.initialise();
    const session = { ...browser.server.issue(), recovery: true };
    tab.store.setSession(session, 'PASSWORD_RECOVERY');
    expect(sessionOf(tab)?.recovery).toBe(true);

    tab.store.passwordChanged(session.user);
    expect(sessionOf(tab)?.recovery).toBeUndefined();
    expect(browser.stored()?.recovery).toBeUndefined();
    expect(sessionOf(tab)?.access_token).toBe(session.access_token);
    expect(tab.events()).toEqual(['PASSWORD_RECOVERY', 'USER_UPDATED']);
  });
});
