import { z } from 'zod/mini';

/*
 * API access (ADR 0055): personal API tokens and signed webhooks, both Premium. Tokens are
 * for programs on servers (job-management systems), never a browser: no CORS.
 */

/** What an endpoint lets an API token do (defineEndpoint's `apiTokens`; left out: never). */
export type ApiTokenAccess = 'read' | 'write' | 'never';

/** A token's scope: `read` calls GET (and HEAD) only; `read_write` also what an endpoint opens to `write`. */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** How long a new token lasts, in days; null: until revoked (ADR 0055). */
export const API_TOKEN_EXPIRIES = [30, 90, 365, null] as const;

/** Every token starts with this, so a leaked one is recognised (and told apart from a session's JWT). */
export const API_TOKEN_PREFIX = 'tcat_';

/** The most tokens and webhook endpoints one business keeps at once (ADR 0077). */
export const API_TOKENS_PER_BUSINESS = 20;
export const WEBHOOK_ENDPOINTS_PER_BUSINESS = 10;

export const apiAccessMessages = {
  premium: 'Premium Feature: API access requires a premium subscription. Please upgrade to access this feature.',
  tokenNotFound: 'API token not found',
  tokenLimit: `You can keep up to ${API_TOKENS_PER_BUSINESS} API tokens. Revoke one you no longer use to add another.`,
  tokenInvalid: 'This API token is not valid: it may have been revoked. Create a new one in your profile.',
  tokenExpired: 'This API token has expired. Create a new one in your profile.',
  tokenNotAllowed: 'API tokens cannot be used for this. Sign in to the app to do it.',
  tokenReadOnly: 'This API token can only read. Create a token with read and write access to make changes.',
  webhookNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  webhookLimit: `You can keep up to ${WEBHOOK_ENDPOINTS_PER_BUSINESS} webhook endpoints. Delete one you no longer use to add another.`,
  webhookHttpsOnly: 'The webhook URL must start with https://.',
  webhookAddressRefused:
    'That webhook URL points to a private or local network address. Use an address reachable on the public internet.',
  webhookHostUnknown: 'The webhook URL’s host name could not be found. Check the address and try again.',
  webhookDisabled: 'This webhook endpoint is turned off. Turn it back on once your receiver works.',
} as const;

const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the token a name.'),
    z.maxLength(100, 'Keep the name to 100 characters or fewer.'),
  );

export const apiTokenRequestSchema = z.object({
  name,
  scope: z.enum(API_TOKEN_SCOPES),
  /** Days until it stops working (30, 90 or 365); null: until revoked. */
  expires_in_days: z.nullable(z.union([z.literal(30), z.literal(90), z.literal(365)])),
});
export type ApiTokenRequest = z.input<typeof apiTokenRequestSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The first characters after the prefix, to tell tokens apart; never enough to use one. */
  hint: z.string(),
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The token itself is answered once, at creation; only its SHA-256 is kept. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });

export const WEBHOOK_EVENT_TYPES = [
  'certificate.issued',
  'certificate.amended',
  'document.signed',
  'document.declined',
  'document.completed',
  'swms.version_issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEndpointRequestSchema = z.object({
  url: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the URL the events are sent to.'),
      z.maxLength(2000, 'Keep the URL to 2,000 characters or fewer.'),
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .check(z.minLength(1, 'Choose at least one event.'), z.maxLength(WEBHOOK_EVENT_TYPES.length)),
});
export type WebhookEndpointRequest = z.input<typeof webhookEndpointRequestSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  created_at: z.string(),
  /** Set once deliveries kept failing; the owner was emailed. Enabling the endpoint clears it. */
  disabled_at: z.nullable(z.string()),
  /** After a rotation: until then deliveries are signed with the previous secret as well (ADR 0055). */
  previous_secret_until: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
/** The signing secret (`whsec_…`, Standard Webhooks) is answered once, at registration and at each rotation. */
export const createdWebhookEndpointSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

export const webhookAttemptSchema = z.object({
  attempted_at: z.string(),
  /** The receiver's HTTP status; null when none came (refused address, timeout, connection error). */
  status_code: z.nullable(z.number()),
  ok: z.boolean(),
  error: z.nullable(z.string()),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  created_at: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
