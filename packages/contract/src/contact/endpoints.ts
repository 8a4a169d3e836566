import { defineEndpoint } from '../http/endpoint.ts';
import { contactMessageRequestSchema, contactReceivedSchema } from './contact.ts';

/** The public contact form (PRODUCT.md, Contact). */
export const contactEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/api/contact',
    auth: 'none',
    summary: 'Send a message to support (stored, then emailed by the job queue); rate-limited per IP',
    rateLimit: 'contact',
    body: contactMessageRequestSchema,
    responses: { 201: contactReceivedSchema },
    errors: [],
  }),
} as const;
