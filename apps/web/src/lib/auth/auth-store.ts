import { z } from 'zod/mini';
import { authStorageKey } from './storage-key.ts';

const storedSessionSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  /** Seconds since the epoch. */
  expires_at: z.number(),
  user: z.object({ id: z.string(), email: z.string() }),
});

export type StoredSession = z.infer<typeof storedSessionSchema>;

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: StoredSession };

type Listener = () => void;

/**
 * The session as the whole app sees it. A plain store (not React state) so the API client and
 * other non-React code can read it, and so every tab stays in step through `storage` events.
 */
class AuthStore {
  private state: AuthState = { status: 'loading' };
  private readonly listeners = new Set<Listener>();
  private readonly storageKey = authStorageKey(window.location.hostname);

  getSnapshot = (): AuthState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Reads the stored session once at start-up and follows changes made in other tabs. */
  initialise() {
    window.addEventListener('storage', (event) => {
      if (event.key === this.storageKey || event.key === null) this.setState(this.readStoredState());
    });
    this.setState(this.readStoredState());
  }

  private readStoredState(): AuthState {
    try {
      const raw = localStorage.getItem(this.storageKey);
      const parsed = raw ? storedSessionSchema.safeParse(JSON.parse(raw)) : undefined;
      return parsed?.success ? { status: 'signed-in', session: parsed.data } : { status: 'signed-out' };
    } catch {
      return { status: 'signed-out' };
    }
  }

  private setState(next: AuthState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

export const authStore = new AuthStore();
