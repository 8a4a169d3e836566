import { describe, expect, it } from 'vitest';
import { webhookSecret } from './webhook-sender.ts';

/*
 * Webhook signing secrets are derived, never stored (ADR 0055): what a derivation gives must not
 * change under an endpoint, or every receiver stops verifying at once.
 */

const SERVER_KEY = 'server-key';
const ENDPOINT = '5f0c7d1e-0000-4000-8000-000000000001';

describe('webhookSecret', () => {
  it('derives version 1 exactly as before secrets had versions, so secrets already handed out hold', () => {
    // The value the derivation from the endpoint id alone gave before rotation existed.
    expect(webhookSecret(SERVER_KEY, ENDPOINT, 1)).toBe('whsec_PJO06zjPCtdxIJS6Uu4aBT0RzJQJL4HCYTu7O9khz9Y=');
  });

  it('gives each version, endpoint and server key a secret of its own', () => {
    const secrets = new Set([
      webhookSecret(SERVER_KEY, ENDPOINT, 1),
      webhookSecret(SERVER_KEY, ENDPOINT, 2),
      webhookSecret(SERVER_KEY, ENDPOINT, 3),
      webhookSecret(SERVER_KEY, ENDPOINT.replace(/1$/, '2'), 2),
      webhookSecret('another-key', ENDPOINT, 2),
    ]);
    expect(secrets.size).toBe(5);
    expect(webhookSecret(SERVER_KEY, ENDPOINT, 2)).toBe(webhookSecret(SERVER_KEY, ENDPOINT, 2));
  });
});
