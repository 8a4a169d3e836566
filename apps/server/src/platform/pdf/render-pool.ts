import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { errorCodes, PRINT_MESSAGES } from '@app/contract';
import { Piscina } from 'piscina';
import { AppError } from '../http/errors.ts';
import { rateLimited } from '../rate-limit/rate-limiter.ts';

/**
 * PDF rendering never runs on the request thread (issue 20; ADR 0021). A kind of PDF is a job: its
 * name and the layout that draws it from plain data. The pool sends the name and the data to a
 * worker thread (src/pdf-worker.ts), which looks the layout up by name and renders there, within a
 * time and memory budget.
 */
export type PdfJob<Input> = { readonly kind: string; readonly render: (input: Input) => Promise<Buffer> };

export const definePdfJob = <Input>(kind: string, render: (input: Input) => Promise<Buffer>): PdfJob<Input> => ({
  kind,
  render,
});

/** What the request side of the app renders through. */
export type PdfRenderer = {
  /** `owner`: whose documents these are; one owner cannot fill the pool for everyone. */
  render<Input>(job: PdfJob<Input>, input: Input, options: { owner: string }): Promise<Buffer>;
};

export type PdfRenderSettings = {
  /** Worker threads. */
  threads: number;
  /** One render's time budget, from the moment a worker takes it. */
  timeoutMs: number;
  /** One worker's heap limit; a render past it ends that worker (a new one takes its place). */
  memoryMb: number;
  /** Renders that may wait for a worker; past it, a download is refused as busy. */
  queue: number;
};

/** Leaves a core to the event loop where there is more than one. */
export const defaultRenderThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * What crosses to a worker and back: structured clones, so Buffers arrive as Uint8Arrays. The
 * worker says on `started` when it begins, which is when the job's time budget starts.
 */
export type PdfTask = { kind: string; input: unknown; started?: MessagePort };
export type PdfTaskResult = { pdf: Uint8Array } | { tooLarge: true };

/** Renders one owner may have under way at once, running or waiting (5 certificates scanned on one site fit). */
const RENDERS_PER_OWNER = 8;
/** Worker threads run at a lower priority than the event loop, so health and API answers stay prompt. */
const WORKER_NICE_INCREMENT = 10;

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
  /** Waiting renders by owner; owners take turns, so one owner's many renders delay only them. */
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly perOwner = new Map<string, number>();

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
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
      niceIncrement: WORKER_NICE_INCREMENT,
      // Run from sources (tests, `tsx`), the worker needs the same TypeScript loader as this thread.
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
  }

  async render<Input>(job: PdfJob<Input>, input: Input, { owner }: { owner: string }): Promise<Buffer> {
    const outstanding = this.perOwner.get(owner) ?? 0;
    if (outstanding >= RENDERS_PER_OWNER) throw tooManyAtOnce();
    this.perOwner.set(owner, outstanding + 1);
    try {
      await this.turn(owner);
      try {
        return await this.timed(job.kind, () => this.run({ kind: job.kind, input }));
      } finally {
        this.running -= 1;
        this.startNext();
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

  /** Waits for a free worker. The time budget starts once a worker has the job, never in the queue. */
  private async turn(owner: string): Promise<void> {
    if (this.running < this.settings.threads) {
      this.running += 1;
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

  /** The owner waiting longest goes next, then moves to the back of the line. */
  private startNext(): void {
    const next = this.waiting.entries().next();
    if (next.done) return;
    const [owner, queue] = next.value;
    const start = queue.shift();
    this.waiting.delete(owner);
    if (queue.length > 0) this.waiting.set(owner, queue);
    this.waitingCount -= 1;
    this.running += 1;
    start?.();
  }

  private async timed(kind: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const started = performance.now();
    let outcome: RenderOutcome = 'failed';
    try {
      const pdf = await render();
      outcome = 'ok';
      return pdf;
    } catch (error) {
      if (error instanceof AppError && error.code === errorCodes.documentTooLarge) outcome = 'too_large';
      throw error;
    } finally {
      this.observe(kind, (performance.now() - started) / 1000, outcome);
    }
  }

  private async run(task: PdfTask): Promise<Buffer> {
    // The budget is the render's own: starting a worker (after one was ended) does not count.
    const abort = new AbortController();
    const { port1: started, port2: workerSide } = new MessageChannel();
    let budget: NodeJS.Timeout | undefined;
    started.once('message', () => {
      budget = setTimeout(() => abort.abort(), this.settings.timeoutMs);
    });
    let result: PdfTaskResult;
    try {
      // Aborting a running task terminates its worker; the pool starts a fresh one for the next.
      result = await this.pool.run(
        { ...task, started: workerSide },
        { signal: abort.signal, transferList: [workerSide] },
      );
    } catch (error) {
      if (abort.signal.aborted || isOutOfMemory(error)) throw tooLarge();
      throw error;
    } finally {
      clearTimeout(budget);
      started.close();
    }
    if ('tooLarge' in result) throw tooLarge();
    return Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
  }
}

const isOutOfMemory = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
