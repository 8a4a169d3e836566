import { errorCodes } from '@app/contract';
import { ApiError } from '../../lib/http.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';

/** Long enough not to save on every key press, short enough that a phone put away loses nothing. */
const AUTOSAVE_DELAY_MS = 800;

export type AutosaveState =
  | { status: 'idle' | 'saving' | 'saved' }
  | { status: 'error'; message: string }
  /** Another device or tab saved first: this one stops saving until the user reloads. */
  | { status: 'conflict'; message: string }
  /**
   * The version was issued meanwhile (printed, sent or signed elsewhere): the change waits until the
   * user agrees to start the next version, or drops it (ADR 0066).
   */
  | { status: 'confirm' };

type Saved = { revision: number };

export type AutosaveCallbacks<Body, Doc> = {
  save: (revision: number, body: Body) => Promise<Doc>;
  onSaved: (doc: Doc) => void;
  onState: (state: AutosaveState) => void;
};

/**
 * Saves a document's body shortly after each change, one save at a time, each naming the revision
 * it was made from. A stale revision is refused by the server (409): then saving stops and the
 * page offers to reload, so a newer save is never overwritten. Any other failure keeps the change
 * for the retry: nothing typed is dropped. No React in here, so its rules are unit-tested alone.
 */
export class AutosaveQueue<Body, Doc extends Saved> {
  private pending: Body | null = null;
  private inFlight = false;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private revision: number,
    /** Read at each use, so the page may hand in fresh callbacks on every render. */
    private readonly callbacks: () => AutosaveCallbacks<Body, Doc>,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {}

  /** A change: saved once the user pauses for the delay (or at once by `flush`). */
  update(body: Body): void {
    this.pending = body;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Saves the waiting change now, unless a save is under way (the change goes right after it). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.inFlight || this.stopped || this.pending === null) return;
    const next = this.pending;
    this.pending = null;
    this.inFlight = true;
    const { save, onSaved, onState } = this.callbacks();
    onState({ status: 'saving' });
    let succeeded = false;
    try {
      const doc = await save(this.revision, next);
      this.revision = doc.revision;
      succeeded = true;
      onSaved(doc);
      onState(this.pending === null ? { status: 'saved' } : { status: 'saving' });
    } catch (error) {
      if (error instanceof ApiError && error.code === errorCodes.conflict) {
        this.stopped = true;
        onState({ status: 'conflict', message: error.message });
      } else if (error instanceof ApiError && error.code === errorCodes.newVersionUnconfirmed) {
        this.pending ??= next;
        onState({ status: 'confirm' });
      } else {
        this.pending ??= next;
        onState({ status: 'error', message: requestErrorMessage(error) });
      }
    } finally {
      this.inFlight = false;
    }
    // Changes typed during the save go next; after a failure they wait for Try again or the next change.
    if (succeeded && this.pending !== null) await this.flush();
  }

  /** Drops the change waiting to be saved (the user would not start a new version for it). */
  discard(): void {
    clearTimeout(this.timer);
    this.pending = null;
  }

  /** Whether a change is waiting to be saved (the page warns before it is left). */
  get unsaved(): boolean {
    return this.pending !== null || this.inFlight;
  }

  /** The revision the next save is made from (the last one saved). */
  get baseRevision(): number {
    return this.revision;
  }

  /** Whether a change waits for the next save (apart from one being saved now). */
  get hasPending(): boolean {
    return this.pending !== null;
  }
}
