import type { ChecklistTemplate, Session } from '@app/contract';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database, Queryable } from '../db/client.ts';
import type { SignableDocumentSource } from './documents/signable-source.ts';
import type { VerifiableKind } from './documents/verifiable-kind.ts';
import type { OutboundEvents } from './events/outbound-events.ts';
import type { ApiTokenAuthenticator, AuthenticatedCaller } from './http/auth-context.ts';
import type { RequestMetadata } from './http/request-metadata.ts';
import type { JobDefinition, JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PdfJob, PdfRenderer } from './pdf/render-pool.ts';
import type { PdfSealer } from './pdf/seal.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import type { FileReferenceSource } from './storage/file-references.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { StoredFiles } from './storage/stored-files.ts';

/**
 * What every feature is built from: one object, handed to each feature's build function, so a
 * service reaches for nothing global (the time included).
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
  /** The seal's root certificate, served for trusting; none when a CA's certificate seals (ADR 0041). */
  sealRoot: () => Promise<Uint8Array | undefined>;
  /** Where features publish what happened to a document, in its transaction (webhooks listen; ADR 0055). */
  events: OutboundEvents;
};

/**
 * What features hand each other, never importing one another (ADR 0073): each feature offers its
 * part (`FeatureModule.offers`) and the app gathers the parts, in the order of the feature list,
 * for the features built after it.
 */
export type FeatureJoints = {
  /** Every feature's columns naming stored files (declared, so known before any feature is built). */
  fileReferences: readonly FileReferenceSource[];
  /** The document kinds signing serves (ADR 0017). */
  signableSources: readonly SignableDocumentSource[];
  /** The document kinds the public verification page answers. */
  verifiableKinds: readonly VerifiableKind[];
  /** Who a session's access token is (auth). */
  authenticateSession?: (authorization: string | undefined) => Promise<AuthenticatedCaller>;
  /** Who an API token is (api-access, ADR 0055). */
  authenticateApiToken?: ApiTokenAuthenticator;
  /** Whether the user pays for Premium that renews (billing): account deletion asks first. */
  hasRenewingSubscription?: (userId: string) => Promise<boolean>;
  /** Sessions ended and started when a membership changes (auth). */
  memberSessions?: MemberSessions;
  /** Revokes every API token `userId` made, in `tx` (api-access): a removed member's programs stop at once. */
  revokeApiTokensOf?: (tx: Queryable, userId: string) => Promise<void>;
  /** The business a session's holder was removed from when that removal ended it, if it did (teams). */
  removalEndingSession?: (sessionId: string) => Promise<string | undefined>;
  /** The owner's custom checklist templates by id (checklist-templates; ADR 0038). */
  ownChecklistTemplates?: (db: Queryable, userId: string, ids: readonly string[]) => Promise<ChecklistTemplate[]>;
};

/**
 * A person's sessions, as teams changes their membership (auth): the business and role are in the
 * access token (ADR 0078), so a change ends every session and, for the joiner, starts a fresh one.
 */
export type MemberSessions = {
  /** Ends every session of `userId` in `tx`, announced to every instance on commit; answers their ids. */
  endAll: (tx: Queryable, userId: string) => Promise<string[]>;
  /** This instance refuses them at once, without waiting for its own announcement (after commit). */
  refuse: (sessionIds: readonly string[]) => void;
  /** A new session of `userId` in `tx`, its access token carrying the membership as `tx` sees it. */
  start: (tx: Queryable, userId: string, origin: RequestMetadata) => Promise<Session>;
};

/** What a built feature offers the others: lists are added to, a single joint is set once. */
type FeatureOffer = Partial<Omit<FeatureJoints, 'fileReferences'>>;

/**
 * A feature as the app mounts it: its routes (under /api), the jobs it runs, what it does when the
 * app starts and closes, and what it offers other features.
 */
export type FeatureModule = {
  routes?: FastifyPluginAsync;
  jobs?: readonly JobDefinition[];
  /** Before the app serves (awaited), e.g. a listener; work that must not hold up the start runs in the background. */
  start?: () => Promise<void> | void;
  close?: () => Promise<void> | void;
  offers?: FeatureOffer;
};

/**
 * A feature's manifest, in its `<name>.feature.ts` (ADR 0073): all the app needs to know of it.
 * features/index.ts lists them; the app, the orphan sweep and the PDF worker read that list. Its
 * tables are in `<name>.schema.ts` (ADR 0030), which drizzle-kit finds by that name.
 */
export type Feature<Settings = unknown> = {
  name: string;
  /** Its columns that name stored files: the orphan sweep deletes an upload only when none names it. */
  fileReferences?: readonly FileReferenceSource[];
  /** The PDF layouts it prints; the worker's light list (features/pdf-layouts.ts) holds the same. */
  pdfLayouts?: readonly PdfJob<never, unknown>[];
  build: (deps: FeatureDeps, settings: Settings, joints: FeatureJoints) => FeatureModule;
};

/**
 * A single joint some feature offered. Read while building, its offerer must come earlier in the
 * list; read inside a later call, anywhere in it.
 */
export function joint<Name extends keyof FeatureJoints>(
  joints: FeatureJoints,
  name: Name,
  needer: string,
): NonNullable<FeatureJoints[Name]> {
  const value = joints[name];
  if (value === undefined) throw new Error(`${needer} needs ${name}, which no feature built so far offers`);
  return value as NonNullable<FeatureJoints[Name]>;
}

/** The joints that are lists: read while a feature is built, they hold only what came before it. */
const LIST_JOINTS = new Set<string | symbol>(['signableSources', 'verifiableKinds']);

/**
 * Builds the features in the list's order. Each is handed the joints gathered so far, one live
 * object: a list read while building holds what the features before offered; a function joint is
 * looked up when it is called, by which time every feature is built. A list offered after a
 * feature read it while being built would be missed there, so that stops the start.
 */
export function buildFeatures<Settings>(
  list: readonly Feature<Settings>[],
  deps: FeatureDeps,
  settings: Settings,
  /** Signable kinds beside the features' (tests); one of the same kind replaces a feature's. */
  extraSignableSources: readonly SignableDocumentSource[] = [],
): { modules: FeatureModule[]; joints: FeatureJoints } {
  const offers: FeatureOffer[] = [];
  const joints: FeatureJoints = { fileReferences: [], signableSources: [], verifiableKinds: [] };
  const gather = () =>
    Object.assign(joints, ...offers, {
      fileReferences: list.flatMap((feature) => feature.fileReferences ?? []),
      signableSources: [...offers.flatMap((offer) => offer.signableSources ?? []), ...extraSignableSources],
      verifiableKinds: offers.flatMap((offer) => offer.verifiableKinds ?? []),
    });
  gather();
  /** Which feature first read each list joint while being built. */
  const readers = new Map<string | symbol, string>();
  let building: string | undefined;
  const watched = new Proxy(joints, {
    get(target, name, receiver) {
      if (building && LIST_JOINTS.has(name) && !readers.has(name)) readers.set(name, building);
      return Reflect.get(target, name, receiver);
    },
  });
  const modules = list.map((feature) => {
    building = feature.name;
    const module = feature.build(deps, settings, watched);
    building = undefined;
    if (module.offers) {
      for (const name of Object.keys(module.offers)) {
        const reader = readers.get(name);
        if (reader && reader !== feature.name) {
          throw new Error(`${reader} read ${name} before ${feature.name} offered it: list ${feature.name} first`);
        }
      }
      offers.push(module.offers);
      gather();
    }
    return module;
  });
  return { modules, joints };
}
