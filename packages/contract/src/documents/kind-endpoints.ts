import { z } from 'zod/mini';
import { okResponseSchema } from '../auth/auth.ts';
import { type ErrorCode, errorCodes } from '../errors/errors.ts';
import { type API_PREFIX, fileResponse, type ObjectSchema, type Schema } from '../http/endpoint.ts';
import type { Permission } from '../teams/permissions.ts';
import { printErrorCodes } from './printing.ts';

// Any id string is accepted; one that is not a UUID is simply not found (404, not 400).
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });
/**
 * A version number from the path or query, read from its digits rather than with z.coerce (as the
 * admin page numbers are): a shared coerce chunk would be loaded by the public share page too.
 */
const versionNumber = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'Use a version number like 1 or 2.')),
  z.transform(Number),
);
const versionParams = z.object({ id: z.string().check(z.maxLength(100)), version: versionNumber });
const pdfQuery = z.object({ version: z.optional(versionNumber) });

/** GET <base>/:id/versions/:version: one filed version of a document, with its signatures. */
const versionEndpoint = <const One extends string, Response extends Schema>(
  one: One,
  notFound: string,
  version: { response: Response; summary: string },
  permission: Permission,
) =>
  ({
    method: 'GET',
    path: `${one}/versions/:version`,
    auth: 'required',
    permission,
    apiTokens: 'read',
    summary: version.summary,
    params: versionParams,
    notFound,
    responses: { 200: version.response },
    errors: [errorCodes.notFound],
  }) as const;

/** What the HTTP surface of a kernel kind is built from: its path, schemas and the words of its summaries. */
export type KindEndpointsDeclaration<
  Base extends `${typeof API_PREFIX}/${string}`,
  ListQuery extends ObjectSchema,
  ListResponse extends Schema,
  Document extends Schema,
  Create extends Schema,
  Save extends Schema,
  Discard extends Schema,
  Version extends Schema | undefined,
  CreateErrors extends readonly ErrorCode[],
> = {
  /** `/api/swms`: the list and create path; one document is `<base>/:id`. */
  base: Base;
  /** The 404 message for an id that names none of the caller's documents of this kind. */
  notFound: string;
  /** What a member's role must hold to read the kind's documents, and to change them (ADR 0081). */
  permissions: { read: Permission; write: Permission };
  schemas: {
    listQuery: ListQuery;
    listResponse: ListResponse;
    document: Document;
    create: Create;
    save: Save;
    discardDraft: Discard;
  };
  /** One filed version with its signatures, and its summary; a kind without it has no version endpoint. */
  version?: { response: Version & Schema; summary: string };
  createErrors: CreateErrors;
  /** The OpenAPI summaries, each the kind's own words (the published document keeps them). */
  summaries: { list: string; create: string; get: string; save: string; delete: string; pdf: string };
  /** What the discard summary calls one document ("the SWMS"). */
  theDocument: string;
};

/**
 * One kernel kind's endpoints (PRODUCT.md, SWMS; ADR 0070): list, create, get, save, discard the
 * draft, delete, one version, the PDF. Every kind has the same set and the same rules; only the
 * path, the schemas and the words differ.
 */
export const kindEndpoints = <
  const Base extends `${typeof API_PREFIX}/${string}`,
  ListQuery extends ObjectSchema,
  ListResponse extends Schema,
  Document extends Schema,
  Create extends Schema,
  Save extends Schema,
  Discard extends Schema,
  Version extends Schema | undefined,
  const CreateErrors extends readonly ErrorCode[],
>(
  kind: KindEndpointsDeclaration<Base, ListQuery, ListResponse, Document, Create, Save, Discard, Version, CreateErrors>,
) => {
  const { base, notFound, schemas, summaries } = kind;
  const { read, write } = kind.permissions;
  const one = `${base}/:id` as const;
  const endpoints = {
    list: {
      method: 'GET',
      path: base,
      auth: 'required',
      permission: read,
      apiTokens: 'read',
      summary: summaries.list,
      query: schemas.listQuery,
      responses: { 200: schemas.listResponse },
      errors: [],
    },
    create: {
      method: 'POST',
      path: base,
      auth: 'required',
      permission: write,
      apiTokens: 'write',
      summary: summaries.create,
      body: schemas.create,
      responses: { 201: schemas.document },
      errors: kind.createErrors,
    },
    get: {
      method: 'GET',
      path: one,
      auth: 'required',
      permission: read,
      apiTokens: 'read',
      summary: summaries.get,
      params: idParams,
      notFound,
      responses: { 200: schemas.document },
      errors: [errorCodes.notFound],
    },
    save: {
      method: 'PUT',
      path: one,
      auth: 'required',
      permission: write,
      apiTokens: 'write',
      summary: summaries.save,
      params: idParams,
      notFound,
      body: schemas.save,
      responses: { 200: schemas.document },
      errors: [errorCodes.notFound, errorCodes.conflict, errorCodes.newVersionUnconfirmed],
    },
    // Discarding the new version being drafted (ADR 0066).
    discardDraft: {
      method: 'POST',
      path: `${one}/discard-draft`,
      auth: 'required',
      permission: write,
      apiTokens: 'write',
      summary: `Discard the new version being drafted: ${kind.theDocument} goes back to its last issued version, unchanged`,
      params: idParams,
      notFound,
      body: schemas.discardDraft,
      responses: { 200: schemas.document },
      errors: [errorCodes.notFound, errorCodes.conflict],
    },
    delete: {
      method: 'DELETE',
      path: one,
      auth: 'required',
      permission: write,
      apiTokens: 'write',
      summary: summaries.delete,
      params: idParams,
      notFound,
      responses: { 200: okResponseSchema },
      errors: [errorCodes.notFound, errorCodes.conflict],
    },
    pdf: {
      method: 'GET',
      path: `${one}/pdf`,
      auth: 'required',
      permission: read,
      apiTokens: 'read',
      summary: summaries.pdf,
      rateLimit: 'swmsPdf',
      params: idParams,
      notFound,
      query: pdfQuery,
      responses: { 200: fileResponse('application/pdf') },
      errors: [errorCodes.notFound, errorCodes.issuerIncomplete, ...printErrorCodes],
    },
  } as const;
  type WithVersion = Version extends Schema
    ? { readonly version: ReturnType<typeof versionEndpoint<typeof one, Version>> }
    : unknown;
  return (
    kind.version ? { ...endpoints, version: versionEndpoint(one, notFound, kind.version, read) } : endpoints
  ) as typeof endpoints & WithVersion;
};
