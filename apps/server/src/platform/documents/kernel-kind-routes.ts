import type { Endpoint, FileResponse, MadeByFilter, SwmsStatus } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod/mini';
import { type AuthenticatedCaller, callerOf } from '../http/auth-context.ts';
import type { PdfFile } from '../http/file-reply.ts';
import { route } from '../http/route.ts';
import type { ListFilter } from './kernel-documents.repo.ts';

/** What a kind's list may be asked: every kind pages; search, status, templates and "Mine" where it offers them. */
type KernelListQuery = {
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
  status?: SwmsStatus | undefined;
  templates?: 'true' | 'false' | undefined;
  made_by?: MadeByFilter;
};

type IdParams = z.ZodMiniType<{ id: string }>;
/** An answer as the handler gives it: the schema's input (the serialiser encodes it). */
type Answer<Input> = z.ZodMiniType<unknown, Input>;
/** One of the kind's endpoints, with the parts its route reads typed. */
type KindEndpoint<Parts> = Omit<Endpoint, 'responses'> & Parts;

/**
 * The endpoint set the contract's `kindEndpoints` builds for a kernel kind, as its routes read it:
 * the ids, version numbers and list query are the same for every kind; what is created and saved,
 * and the answers, are the kind's own.
 */
type KernelKindEndpoints<CreateInput, SaveInput, Document, List, Version> = {
  list: KindEndpoint<{ query: z.ZodMiniType<KernelListQuery>; responses: { 200: Answer<List> } }>;
  create: KindEndpoint<{ body: z.ZodMiniType<CreateInput>; responses: { 201: Answer<Document> } }>;
  get: KindEndpoint<{ params: IdParams; responses: { 200: Answer<Document> } }>;
  save: KindEndpoint<{ params: IdParams; body: z.ZodMiniType<SaveInput>; responses: { 200: Answer<Document> } }>;
  discardDraft: KindEndpoint<{
    params: IdParams;
    body: z.ZodMiniType<{ revision: number }>;
    responses: { 200: Answer<Document> };
  }>;
  delete: KindEndpoint<{ params: IdParams; responses: { 200: Answer<{ ok: true }> } }>;
  version?: KindEndpoint<{
    params: z.ZodMiniType<{ id: string; version: number }>;
    responses: { 200: Answer<Version> };
  }>;
  pdf: KindEndpoint<{
    params: IdParams;
    query: z.ZodMiniType<{ version?: number | undefined }>;
    responses: { 200: FileResponse };
  }>;
};

/** The owner's calls of the documents kernel (`DocumentKernel`) for one kind, as its endpoints make them. */
type KernelOwnerCalls<SaveInput, Document, List, Version> = {
  list(
    caller: AuthenticatedCaller,
    query: Omit<ListFilter, 'after' | 'makerId'> & { cursor?: string | undefined; made_by?: MadeByFilter },
  ): Promise<List>;
  get(caller: AuthenticatedCaller, id: string): Promise<Document>;
  save(caller: AuthenticatedCaller, id: string, input: SaveInput): Promise<Document>;
  discardDraft(caller: AuthenticatedCaller, id: string, revision: number): Promise<Document>;
  delete(caller: AuthenticatedCaller, id: string): Promise<void>;
  version(caller: AuthenticatedCaller, id: string, version: number): Promise<Version>;
  pdf(caller: AuthenticatedCaller, id: string, version: number | undefined): Promise<PdfFile>;
};

/** What serves a kernel kind's endpoints: the kernel for the kind, and how the kind starts a new document. */
type KernelKindService<CreateInput, SaveInput, Document, List, Version> = {
  kernel: KernelOwnerCalls<SaveInput, Document, List, Version>;
  /** A new document from the create request's body: what a kind starts from is its own (a starter, the profile). */
  create(caller: AuthenticatedCaller, input: CreateInput): Promise<Document>;
};

/**
 * The routes of one kernel kind (ADRs 0070, 0092), from the endpoint set the contract declares for it
 * and the kernel that serves it: list, create, get, save, discard the draft, delete, one version
 * (when the kind declares it) and the PDF. Auth, permissions, rate limits and answers are the
 * declarations'; a handler only reads the request for the kernel. The signature ties the kind's
 * schemas to its kernel; the body sees what every kind shares.
 */
export function kernelKindRoutes<CreateInput, SaveInput, Document, List, Version>(
  endpoints: KernelKindEndpoints<CreateInput, SaveInput, Document, List, Version>,
  service: KernelKindService<CreateInput, SaveInput, NoInfer<Document>, NoInfer<List>, NoInfer<Version>>,
): FastifyPluginAsync;
export function kernelKindRoutes(
  // The kind's own bodies and answers are passed through unread.
  endpoints: KernelKindEndpoints<unknown, unknown, unknown, unknown, unknown>,
  { kernel, create }: KernelKindService<unknown, unknown, unknown, unknown, unknown>,
): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.list, (request) => {
      const { q, templates, ...query } = request.query;
      return kernel.list(callerOf(request), {
        ...query,
        search: q || undefined,
        templates: templates === undefined ? undefined : templates === 'true',
      });
    });
    route(app, endpoints.create, async (request, reply) =>
      reply.status(201).send(await create(callerOf(request), request.body)),
    );
    route(app, endpoints.get, (request) => kernel.get(callerOf(request), request.params.id));
    route(app, endpoints.save, (request) => kernel.save(callerOf(request), request.params.id, request.body));
    route(app, endpoints.discardDraft, (request) =>
      kernel.discardDraft(callerOf(request), request.params.id, request.body.revision),
    );
    route(app, endpoints.delete, async (request) => {
      await kernel.delete(callerOf(request), request.params.id);
      return { ok: true as const };
    });
    const { version } = endpoints;
    if (version) {
      route(app, version, (request) => kernel.version(callerOf(request), request.params.id, request.params.version));
    }
    route(app, endpoints.pdf, (request) => kernel.pdf(callerOf(request), request.params.id, request.query.version));
  };
}
