import type { FastifyRequest } from 'fastify';

/** Longest user agent kept: real ones are a few hundred characters; the header itself is unbounded. */
export const MAX_USER_AGENT_LENGTH = 512;

/** Where a request came from, as recorded on sessions and audit events and used by per-IP limits. */
export type RequestMetadata = {
  /** The client address: Fastify's `request.ip`, which honours X-Forwarded-For only from TRUST_PROXY hops. */
  ip: string;
  userAgent: string | null;
};

export function requestMetadataOf(request: FastifyRequest): RequestMetadata {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null };
}
