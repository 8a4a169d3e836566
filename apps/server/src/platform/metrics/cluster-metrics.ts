import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const SCRAPE_REQUEST = 'tradecert:metrics-scrape';
const SCRAPE_ANSWER = 'tradecert:metrics-answer';
/** prom-client gives up on silent workers after 5 s; this covers that wait and the hop back. */
const SCRAPE_TIMEOUT_MS = 6000;

type ScrapeRequest = { type: typeof SCRAPE_REQUEST; id: number };
type ScrapeAnswer = { type: typeof SCRAPE_ANSWER; id: number; text?: string; error?: string };

const isScrapeRequest = (message: unknown): message is ScrapeRequest =>
  (message as ScrapeRequest | null)?.type === SCRAPE_REQUEST;
const isScrapeAnswer = (message: unknown): message is ScrapeAnswer =>
  (message as ScrapeAnswer | null)?.type === SCRAPE_ANSWER;

/**
 * In the primary of several HTTP processes (ADR 0095): a worker scraped on /metrics asks here, and
 * gets every worker's metrics summed (or averaged, or the max, as each metric declares).
 */
export function aggregateWorkerMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isScrapeRequest(message)) return;
    const answer = (fields: Omit<ScrapeAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: SCRAPE_ANSWER, id: message.id, ...fields } satisfies ScrapeAnswer);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * In an HTTP worker: offers `registry` to the primary's aggregation and returns the scrape that asks
 * the primary for every worker's metrics, so /metrics means the instance whichever worker answers.
 */
export function scrapeThroughPrimary(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client answer the primary's requests in this process.
  new AggregatorRegistry();
  const pending = new Map<number, (answer: ScrapeAnswer) => void>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (isScrapeAnswer(message)) pending.get(message.id)?.(message);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(
        () => settle({ type: SCRAPE_ANSWER, id, error: 'the primary did not answer' }),
        SCRAPE_TIMEOUT_MS,
      );
      const settle = (answer: ScrapeAnswer) => {
        clearTimeout(timer);
        pending.delete(id);
        if (answer.text === undefined) reject(new Error(`metrics unavailable: ${answer.error ?? 'no answer'}`));
        else resolve(answer.text);
      };
      pending.set(id, settle);
      process.send?.({ type: SCRAPE_REQUEST, id } satisfies ScrapeRequest);
    });
}
