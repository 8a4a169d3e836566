import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.ts';
import type { OutboundEvents } from './events/outbound-events.ts';
import type { JobDefinition, JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PdfRenderer } from './pdf/render-pool.ts';
import type { PdfSealer } from './pdf/seal.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { StoredFiles } from './storage/stored-files.ts';

/**
 * What every feature is built from (issue 22): one object, handed to each feature's build
 * function, so a service reaches for nothing global (the time included).
 */
export type FeatureDeps = {
  db: Database;
  /** The current time; tests move it across month boundaries. */
  clock: () => Date;
  jobs: JobQueue;
  limits: RateLimiter;
  files: StoredFiles;
  storage: FileStorage;
  mail: Mailer;
  logger: FastifyBaseLogger;
  /** Where emailed links and QR codes lead: the configured public URL, never the Host header. */
  publicOrigin: () => string;
  /** The PDF worker threads. */
  pdfRenderer: PdfRenderer;
  /** Seals issued PDFs and checks a PDF's seal (ADR 0041). */
  pdfSeal: PdfSealer;
  /** Where features publish what happened to a document, in its transaction (webhooks listen; ADR 0055). */
  events: OutboundEvents;
};

/**
 * A feature as the app mounts it: its routes (under /api), the jobs it runs, and what it does when
 * the app starts and closes. app.ts is a list of these.
 */
export type FeatureModule = {
  routes?: FastifyPluginAsync;
  jobs?: readonly JobDefinition[];
  /** Before the app serves (awaited), e.g. a listener; work that must not hold up the start runs in the background. */
  start?: () => Promise<void> | void;
  close?: () => Promise<void> | void;
};
