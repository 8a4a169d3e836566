/**
 * Toast notifications as a framework-free store: any module (API client, auth) can raise a toast,
 * and React reads the visible toasts through `subscribe`/`getSnapshot` (see Toaster.tsx).
 *
 * Timing semantics. Every window is half-open: a toast shown at t is visible until t + 1999 ms
 * and gone at t + 2000 ms; a duplicate is suppressed up to +4999 ms and accepted at +5000 ms.
 * - A toast raised while nothing is visible or queued shows at once. A toast raised while any
 *   toast is visible, or others are waiting, joins the queue.
 * - Release: when a toast enters an empty queue, the queue's release time is fixed at 1.5 s after
 *   the oldest visible toast (the current first toast) appeared. From then on the queue drains
 *   one toast at a time, highest priority first (FIFO among equals), each at least 300 ms after
 *   the previously shown toast, until it is empty. The release time stays fixed while draining,
 *   so the drain does not restart when the first toast expires.
 * - Each shown toast lives 2 s, so several can be visible at once (first toast 0–2000 ms, first
 *   queued one from 1500 ms, the next from 1800 ms, ...).
 * - A priority-4 toast (certificate created/saved/updated) empties the queue and shows at once.
 * - `hold(id, true)` stops a visible toast's clock while it is hovered or focused; `hold(id, false)`
 *   gives it 2 s from then.
 * - `dismiss(id)` drops a queued toast, or removes a visible one; removing a visible toast frees
 *   the slot: the queue is released at once, still 300 ms after the previously shown toast.
 * - Duplicates: a toast with the same variant, title and first 20 characters of description as a
 *   toast accepted less than 5 s earlier is suppressed (`push` returns null). Suppressed toasts
 *   do not extend that window. Records are pruned on `push` once they are 10 s old.
 */

export type ToastVariant = 'default' | 'destructive';

interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
}

/** What callers pass: the store assigns the id, and the variant defaults to 'default'. */
export type ToastInput = Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastVariant };

/** 4 certificate saved, 3 error, 2 warning, 1 success, 0 info. */
export type ToastPriority = 0 | 1 | 2 | 3 | 4;

/** Time source and timers, injectable so a store can run on a controlled clock. */
export interface ToastClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const VISIBLE_MS = 2000;
const QUEUE_RELEASE_MS = 1500;
const SPACING_MS = 300;
const DUPLICATE_WINDOW_MS = 5000;
const DUPLICATE_PRUNE_MS = 10_000;
const DUPLICATE_DESCRIPTION_CHARS = 20;
const CERTIFICATE_SAVED: ToastPriority = 4;

export function toastPriority(title: string, variant: ToastVariant): ToastPriority {
  const text = title.toLowerCase();
  if (text.includes('certificate') && ['created', 'saved', 'updated'].some((word) => text.includes(word))) {
    return CERTIFICATE_SAVED;
  }
  if (variant === 'destructive' || text.includes('error') || text.includes('failed')) return 3;
  if (text.includes('warning')) return 2;
  if (text.includes('success')) return 1;
  return 0;
}

// Globals are looked up on every call (not captured) so vi.useFakeTimers() also drives the singleton.
const systemClock: ToastClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface ShownToast {
  message: ToastMessage;
  shownAt: number;
  expiry: unknown;
}

interface QueuedToast {
  message: ToastMessage;
  priority: ToastPriority;
}

export class ToastStore {
  private visible: ShownToast[] = [];
  private snapshot: readonly ToastMessage[] = [];
  /** Sorted by priority, highest first; FIFO among equal priorities. */
  private readonly queue: QueuedToast[] = [];
  private releaseAt = Number.NEGATIVE_INFINITY;
  private lastShownAt = Number.NEGATIVE_INFINITY;
  private drainTimer: unknown;
  private nextId = 0;
  /** Duplicate key -> when a toast with that key was last accepted. */
  private readonly acceptedAt = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: ToastClock = systemClock) {}

  /** Raises a toast; returns its id, or null when it duplicates a recent one. */
  push(input: ToastInput): string | null {
    const now = this.clock.now();
    const variant = input.variant ?? 'default';
    this.pruneDuplicateRecords(now);
    const key = duplicateKey(variant, input.title, input.description);
    const previous = this.acceptedAt.get(key);
    if (previous !== undefined && now - previous < DUPLICATE_WINDOW_MS) return null;
    this.acceptedAt.set(key, now);

    this.nextId += 1;
    const message: ToastMessage = { ...input, id: `toast-${this.nextId}`, variant };
    const priority = toastPriority(message.title, variant);
    const oldest = this.visible[0];

    if (priority === CERTIFICATE_SAVED) {
      // A saved certificate supersedes whatever was waiting: it is the news the user is after.
      this.queue.length = 0;
      this.scheduleDrain(); // with the queue empty, this only disarms the drain timer
      this.show(message);
    } else if (oldest === undefined && this.queue.length === 0) {
      this.show(message);
    } else {
      // A new queue waits on the first visible toast; a queue already waiting keeps its release time.
      if (this.queue.length === 0 && oldest !== undefined) {
        this.releaseAt = oldest.shownAt + QUEUE_RELEASE_MS;
      }
      const before = this.queue.findIndex((queued) => queued.priority < priority);
      this.queue.splice(before === -1 ? this.queue.length : before, 0, { message, priority });
      this.scheduleDrain();
    }
    return message.id;
  }

  dismiss(id: string): void {
    const shown = this.visible.find((toast) => toast.message.id === id);
    if (shown) {
      this.clock.clearTimeout(shown.expiry);
      this.remove(id);
      this.releaseAt = Math.min(this.releaseAt, this.clock.now());
    } else {
      const queuedIndex = this.queue.findIndex((queued) => queued.message.id === id);
      if (queuedIndex === -1) return;
      this.queue.splice(queuedIndex, 1);
    }
    this.scheduleDrain();
  }

  /**
   * Holds a visible toast while it is hovered or focused (WCAG 2.2.1), so it can be read and acted
   * on; let go, it has its 2 s again.
   */
  hold(id: string, held: boolean): void {
    const shown = this.visible.find((toast) => toast.message.id === id);
    if (!shown) return;
    this.clock.clearTimeout(shown.expiry);
    if (!held) shown.expiry = this.clock.setTimeout(() => this.remove(id), VISIBLE_MS);
  }

  // Arrow properties so React can pass them to useSyncExternalStore unbound.
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The visible toasts, oldest first; the same array until they change. */
  getSnapshot = (): readonly ToastMessage[] => this.snapshot;

  /** How many duplicate-tracking records are held (for tests of the pruning rule). */
  trackedDuplicateCount(): number {
    return this.acceptedAt.size;
  }

  private show(message: ToastMessage): void {
    const shownAt = this.clock.now();
    const expiry = this.clock.setTimeout(() => this.remove(message.id), VISIBLE_MS);
    this.visible.push({ message, shownAt, expiry });
    this.lastShownAt = shownAt;
    this.publish();
  }

  private remove(id: string): void {
    this.visible = this.visible.filter((toast) => toast.message.id !== id);
    this.publish();
  }

  /** (Re)arms the single drain timer for the head of the queue, showing it now if it is due. */
  private scheduleDrain(): void {
    if (this.drainTimer !== undefined) {
      this.clock.clearTimeout(this.drainTimer);
      this.drainTimer = undefined;
    }
    const head = this.queue[0];
    if (head === undefined) return;
    const delay = Math.max(this.releaseAt, this.lastShownAt + SPACING_MS) - this.clock.now();
    if (delay > 0) {
      this.drainTimer = this.clock.setTimeout(() => {
        this.drainTimer = undefined;
        this.scheduleDrain();
      }, delay);
      return;
    }
    this.queue.shift();
    this.show(head.message);
    this.scheduleDrain();
  }

  private pruneDuplicateRecords(now: number): void {
    for (const [key, at] of this.acceptedAt) {
      if (now - at >= DUPLICATE_PRUNE_MS) this.acceptedAt.delete(key);
    }
  }

  private publish(): void {
    this.snapshot = this.visible.map((toast) => toast.message);
    for (const listener of this.listeners) listener();
  }
}

function duplicateKey(variant: ToastVariant, title: string, description = ''): string {
  // JSON keeps the three parts apart, so no title/description split can collide with another.
  return JSON.stringify([variant, title, description.slice(0, DUPLICATE_DESCRIPTION_CHARS)]);
}

/** The app-wide store that <Toaster /> renders by default. */
export const toastStore = new ToastStore();

/** Raises a toast from anywhere (React or not); returns its id, or null when suppressed as a duplicate. */
export function toast(input: ToastInput): string | null {
  return toastStore.push(input);
}
