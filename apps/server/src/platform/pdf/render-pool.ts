import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { serialize } from 'node:v8';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { errorCodes, PRINT_MESSAGES } from '@app/contract';
import { Piscina } from 'piscina';
import { AppError } from '../errors.ts';
import { rateLimited } from '../rate-limit/rate-limiter.ts';
import { type ThreadCpuClock, threadCpuMs } from './thread-cpu.ts';

/**
 * PDF work never runs on the request thread (ADRs 0021, 0062). A kind of PDF is a job: its
 * name and the layout that draws it from plain data. The pool sends the name and the data to a
 * worker thread (src/pdf-worker.ts), which looks the job up by name and runs it there, within a
 * time and memory budget. Sealing a PDF and checking an uploaded one's seal are jobs too.
 */
export type PdfJob<Input, Output = Buffer> = {
  readonly kind: string;
  readonly run: (input: Input) => Promise<Output>;
  /**
   * A render refused as too large is remembered by its input's fingerprint, so a retry is refused at
   * once; work on anyone's uploaded bytes is not fingerprinted (hashing 35 MB would hold the event loop).
   */
  readonly remembersTooLarge: boolean;
  /** Memory the input hands over to the worker instead of copying it (the caller's view of it is emptied). */
  readonly moves?: (input: Input) => ArrayBuffer[];
  /**
   * Draws a made-up document of this kind, which a worker does in the background once warmed up, so
   * the layout's own words (its labels, the standards) are shaped before the first download (ADR 0100).
   * `name` goes where the names of people and businesses go: a Latin one, then words in every
   * script font, so a first download in any script runs compiled code (ADR 0103).
   */
  readonly drawSample?: (name: string) => Promise<unknown>;
};

/** A kind of PDF drawn from plain data; `sample`, a made-up input of it (see `drawSample`). */
export const definePdfJob = <Input>(
  kind: string,
  render: (input: Input) => Promise<Buffer>,
  options: { sample?: (name: string) => Input } = {},
): PdfJob<Input> => {
  const { sample } = options;
  return { kind, run: render, remembersTooLarge: true, drawSample: sample && ((name) => render(sample(name))) };
};

/**
 * Work on an existing PDF's bytes (sealing it, checking its seal), under the same budgets as a render.
 * `movesPdf`: the caller is done with `input.pdf`, and its memory moves to the worker rather than be
 * copied (35 MB copied on the event loop holds it; ADR 0062).
 */
export const definePdfBytesJob = <Input extends { pdf: Buffer }, Output>(
  kind: string,
  run: (input: Input) => Promise<Output>,
  options: { movesPdf: boolean },
): PdfJob<Input, Output> => ({
  kind,
  run,
  remembersTooLarge: false,
  moves: ({ pdf }) => (options.movesPdf && ownsItsMemory(pdf) ? [pdf.buffer as ArrayBuffer] : []),
});

/** A Buffer larger than Node's shared pool is never a slice of it: moving its memory takes no one else's. */
const ownsItsMemory = (bytes: Buffer) =>
  bytes.buffer instanceof ArrayBuffer && bytes.buffer.byteLength > Buffer.poolSize;

/** What the request side of the app renders through. */
export type PdfRenderer = {
  /**
   * `owner`: whose documents these are (for an anonymous upload, the client's address); one owner
   * cannot fill the pool for everyone.
   */
  render<Input, Output>(job: PdfJob<Input, Output>, input: Input, options: { owner: string }): Promise<Output>;
};

export type PdfRenderSettings = {
  /** Worker threads. */
  threads: number;
  /**
   * One render's time budget, from the moment a worker takes it: the worker thread's CPU time where
   * the system tells it (Linux), else wall time.
   */
  timeoutMs: number;
  /** Kinds whose time budget differs from `timeoutMs` (a deliberately tight one, in a test). */
  timeoutMsByKind?: Readonly<Record<string, number>>;
  /** One worker's heap limit; a render past it ends that worker (a new one takes its place). */
  memoryMb: number;
  /** Renders that may wait for a worker; past it, a download is refused as busy. */
  queue: number;
};

/**
 * Leaves a core to the event loop where there is more than one, but never fewer than two: one owner
 * holds at most all workers but one, so another owner's download always finds a worker (ADR 0062).
 */
export const defaultRenderThreads = () => Math.max(2, Math.min(4, availableParallelism() - 1));

/**
 * What crosses to a worker and back: structured clones, so Buffers arrive as Uint8Arrays. The
 * worker says on `started` when it begins, which is when the job's time budget starts.
 */
export type PdfTask = { kind: string; input: unknown; started?: MessagePort };
export type PdfTaskResult = { output: unknown } | { tooLarge: true };

/** Renders one owner may have under way at once, running or waiting (5 certificates scanned on one site fit). */
const RENDERS_PER_OWNER = 8;
/** Worker threads run at a lower priority than the event loop, so health and API answers stay prompt. */
const WORKER_NICE_INCREMENT = 10;
/** How long a document refused as too large is refused again without rendering it. */
const REMEMBER_TOO_LARGE_MS = 10 * 60 * 1000;
/** Refusals remembered at most; past it the oldest is forgotten (bounded memory, per instance). */
const REMEMBERED_TOO_LARGE = 1000;

const tooLarge = () => new AppError(422, errorCodes.documentTooLarge, PRINT_MESSAGES.tooLarge);
const busy = () =>
  new AppError(503, errorCodes.serviceUnavailable, PRINT_MESSAGES.busy, undefined, { 'retry-after': '30' });
const tooManyAtOnce = () => rateLimited(5, { code: errorCodes.rateLimited, message: PRINT_MESSAGES.tooManyAtOnce });

/** How a render ended, for the metrics: drawn, refused as past its budget, or failed. */
type RenderOutcome = 'ok' | 'too_large' | 'failed';

/** Told of every render a worker ran: its kind, its time on the worker, how it ended (/metrics). */
export type RenderObserver = (kind: string, seconds: number, outcome: RenderOutcome) => void;

export class PdfRenderPool implements PdfRenderer {
  private readonly pool: Piscina<PdfTask, PdfTaskResult>;
  private running = 0;
  private waitingCount = 0;
  /** Waiting jobs by owner, in turn order: the owner waiting longest goes first. */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** Workers each owner holds now. */
  private readonly holding = new Map<string, number>();
  private readonly perOwner = new Map<string, number>();
  /** Fingerprints of documents refused as too large, with when that is forgotten (ms since the epoch). */
  private readonly tooLargeUntil = new Map<string, number>();

  constructor(
    workerFile: URL,
    private readonly settings: PdfRenderSettings,
    private readonly observe: RenderObserver = () => {},
  ) {
    const fromSource = workerFile.pathname.endsWith('.ts');
    this.pool = new Piscina({
      filename: workerFile.href,
      // Workers start on first use (tests that never print start none); `warmUp` starts them early.
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      // The young generation is V8's default (3 × 16 MB semi-spaces), not the larger one `npm start`
      // gives the request thread (ADR 0095): a PDF thread's memory stays what PDF_RENDER_MEMORY_MB allows.
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb, maxYoungGenerationSizeMb: 48 },
      niceIncrement: WORKER_NICE_INCREMENT,
      // Run from sources (tests, `tsx`), the worker needs the same TypeScript loader as this thread.
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
  }

  async render<Input, Output>(job: PdfJob<Input, Output>, input: Input, { owner }: { owner: string }): Promise<Output> {
    const fingerprint = job.remembersTooLarge ? fingerprintOf(job.kind, input) : null;
    this.refuseIfRemembered(fingerprint);
    const outstanding = this.perOwner.get(owner) ?? 0;
    if (outstanding >= RENDERS_PER_OWNER) throw tooManyAtOnce();
    this.perOwner.set(owner, outstanding + 1);
    try {
      await this.turn(owner);
      try {
        // The same document may have run out of its budget while this download waited.
        this.refuseIfRemembered(fingerprint);
        return await this.timed(job.kind, () => this.run({ kind: job.kind, input }, job.moves?.(input) ?? []));
      } catch (error) {
        if (fingerprint && isTooLarge(error)) this.rememberTooLarge(fingerprint);
        throw error;
      } finally {
        this.release(owner);
      }
    } finally {
      const left = (this.perOwner.get(owner) ?? 1) - 1;
      if (left === 0) this.perOwner.delete(owner);
      else this.perOwner.set(owner, left);
    }
  }

  /** Starts every worker and has it draw a small document, so the first download is as fast as any. */
  async warmUp(): Promise<void> {
    await Promise.all(
      Array.from({ length: this.settings.threads }, () => this.pool.run({ kind: 'warm-up', input: null })),
    );
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  /** Renders running and waiting for a worker now, beside the limits (/metrics). */
  usage(): { running: number; waiting: number; threads: number; queue: number } {
    return {
      running: this.running,
      waiting: this.waitingCount,
      threads: this.settings.threads,
      queue: this.settings.queue,
    };
  }

  /** Waits for a worker this owner may take. The time budget starts once a worker has the job, never in the queue. */
  private async turn(owner: string): Promise<void> {
    if (this.running < this.settings.threads && this.held(owner) < this.ownerShare()) {
      this.hold(owner);
      return;
    }
    if (this.waitingCount >= this.settings.queue) throw busy();
    // A queue bounded in length, each job bounded in time: the wait is bounded too.
    await new Promise<void>((resolve) => {
      const queue = this.waiting.get(owner) ?? [];
      queue.push(resolve);
      this.waiting.set(owner, queue);
      this.waitingCount += 1;
    });
  }

  /**
   * One owner holds at most all workers but one (ADR 0062), so another owner's download never waits
   * behind a flood of someone else's renders.
   */
  private ownerShare(): number {
    return Math.max(1, this.settings.threads - 1);
  }

  private held(owner: string): number {
    return this.holding.get(owner) ?? 0;
  }

  private hold(owner: string): void {
    this.running += 1;
    this.holding.set(owner, this.held(owner) + 1);
  }

  private release(owner: string): void {
    this.running -= 1;
    const left = this.held(owner) - 1;
    if (left === 0) this.holding.delete(owner);
    else this.holding.set(owner, left);
    this.startWaiting();
  }

  /**
   * Free workers go to waiting owners holding the fewest (none first: while others wait, an owner
   * already rendering does not get a second worker), the longest waiting first; that owner then
   * moves to the back of the line.
   */
  private startWaiting(): void {
    while (this.running < this.settings.threads) {
      let next: string | undefined;
      for (const owner of this.waiting.keys()) {
        if (this.held(owner) >= this.ownerShare()) continue;
        if (next === undefined || this.held(owner) < this.held(next)) next = owner;
      }
      const queue = next === undefined ? undefined : this.waiting.get(next);
      if (next === undefined || !queue) return;
      const start = queue.shift();
      this.waiting.delete(next);
      if (queue.length > 0) this.waiting.set(next, queue);
      this.waitingCount -= 1;
      this.hold(next);
      start?.();
    }
  }

  private refuseIfRemembered(fingerprint: string | null): void {
    if (!fingerprint) return;
    const until = this.tooLargeUntil.get(fingerprint);
    if (until === undefined) return;
    if (until > Date.now()) throw tooLarge();
    this.tooLargeUntil.delete(fingerprint);
  }

  private rememberTooLarge(fingerprint: string): void {
    this.tooLargeUntil.delete(fingerprint);
    this.tooLargeUntil.set(fingerprint, Date.now() + REMEMBER_TOO_LARGE_MS);
    // A Map keeps insertion order: the first key is the oldest refusal.
    const oldest = this.tooLargeUntil.keys().next();
    if (this.tooLargeUntil.size > REMEMBERED_TOO_LARGE && !oldest.done) this.tooLargeUntil.delete(oldest.value);
  }

  private async timed<Output>(kind: string, render: () => Promise<Output>): Promise<Output> {
    const started = performance.now();
    let outcome: RenderOutcome = 'failed';
    try {
      const pdf = await render();
      outcome = 'ok';
      return pdf;
    } catch (error) {
      if (isTooLarge(error)) outcome = 'too_large';
      throw error;
    } finally {
      this.observe(kind, (performance.now() - started) / 1000, outcome);
    }
  }

  private async run<Output>(task: PdfTask, moved: ArrayBuffer[]): Promise<Output> {
    // The budget is the render's own: starting a worker (after one was ended) does not count.
    const abort = new AbortController();
    const { port1: started, port2: workerSide } = new MessageChannel();
    const budgetMs = this.settings.timeoutMsByKind?.[task.kind] ?? this.settings.timeoutMs;
    let stopWatching = () => {};
    started.once('message', (clock: ThreadCpuClock | null) => {
      stopWatching = watchBudget(clock, budgetMs, (reason) => abort.abort(reason));
    });
    let result: PdfTaskResult;
    try {
      // Aborting a running task terminates its worker; the pool starts a fresh one for the next.
      result = await this.pool.run(
        { ...task, started: workerSide },
        { signal: abort.signal, transferList: [workerSide, ...moved] },
      );
    } catch (error) {
      // A render that waited on a starved machine is not the document's fault: busy, and not remembered.
      if (abort.signal.aborted) throw abort.signal.reason === 'starved' ? busy() : tooLarge();
      if (isOutOfMemory(error)) throw tooLarge();
      throw error;
    } finally {
      stopWatching();
      started.close();
    }
    if ('tooLarge' in result) throw tooLarge();
    // Structured cloning made a PDF's Buffer a Uint8Array.
    const { output } = result;
    return (
      output instanceof Uint8Array ? Buffer.from(output.buffer, output.byteOffset, output.byteLength) : output
    ) as Output;
  }
}

/** How often a running render's CPU time is read. */
const BUDGET_CHECK_MS = 250;
/**
 * A render past this many times its budget in wall time (and at least a minute) is stopped, whatever
 * its CPU time: the machine is starved.
 */
const STARVED_AFTER_BUDGETS = 10;
const STARVED_AFTER_AT_LEAST_MS = 60_000;

/**
 * Ends a render past its budget (ADR 0062): `too_large` once the worker's thread has used the budget
 * in CPU time, which a busy machine does not inflate; `starved` past `starvedAfterMs` of wall time. Where
 * the thread's CPU time cannot be read, the budget is wall time. Returns what stops the watch.
 */
export function watchBudget(
  clock: ThreadCpuClock | null,
  budgetMs: number,
  stop: (reason: 'too_large' | 'starved') => void,
  starvedAfterMs = Math.max(budgetMs * STARVED_AFTER_BUDGETS, STARVED_AFTER_AT_LEAST_MS),
): () => void {
  if (!clock) {
    const timer = setTimeout(() => stop('too_large'), budgetMs);
    return () => clearTimeout(timer);
  }
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let watching = true;
  const check = async () => {
    if (performance.now() - startedAt >= starvedAfterMs) return stop('starved');
    const cpuMs = await threadCpuMs(clock);
    if (!watching) return;
    if (cpuMs !== null && cpuMs - clock.cpuMs >= budgetMs) return stop('too_large');
    timer = setTimeout(check, Math.min(BUDGET_CHECK_MS, budgetMs));
  };
  timer = setTimeout(check, Math.min(BUDGET_CHECK_MS, budgetMs));
  return () => {
    watching = false;
    clearTimeout(timer);
  };
}

const isTooLarge = (error: unknown) => error instanceof AppError && error.code === errorCodes.documentTooLarge;

/** The job's kind and input as V8 serialises them (Buffers included), hashed. */
const fingerprintOf = (kind: string, input: unknown) =>
  createHash('sha256').update(kind).update('\0').update(serialize(input)).digest('hex');

const isOutOfMemory = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
