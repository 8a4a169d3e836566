import { createHmac } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import type { ResolvedWebhookTarget } from './webhook-address.ts';

/*
 * One delivery attempt, the Standard Webhooks way (ADR 0055): headers webhook-id, webhook-timestamp
 * and webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the bytes of the
 * endpoint's `whsec_` secret; while a rotation overlaps, one such signature per secret, separated by
 * a space (a receiver accepts the request if any of them verifies). The connection goes to the
 * address that was checked, never to a second DNS answer.
 */

const SECRET_PREFIX = 'whsec_';

/**
 * An endpoint's signing secret: derived from its id and secret version with the server's key, so
 * none is stored. Version 1 is derived as it was before rotation existed, so those secrets still hold.
 */
export function webhookSecret(serverKey: string, endpointId: string, version: number): string {
  const subject = version === 1 ? `webhook-endpoint:${endpointId}` : `webhook-endpoint:${endpointId}:v${version}`;
  return `${SECRET_PREFIX}${createHmac('sha256', serverKey).update(subject).digest('base64')}`;
}

function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export type AttemptResult = { statusCode: number | null; ok: boolean; error: string | null };

/** Answers the checked address for the URL's host, whatever DNS would say now (no rebinding). */
const pinnedLookup =
  (target: ResolvedWebhookTarget): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

/**
 * POSTs `body` to the checked target within `timeoutMs` (connecting, waiting and reading), without
 * following redirects; any 2xx is a delivery. What came back is read and dropped.
 */
export async function sendWebhook(
  target: ResolvedWebhookTarget,
  message: { id: string; timestampSeconds: number; body: string; secrets: string[] },
  timeoutMs: number,
): Promise<AttemptResult> {
  const dispatcher = new Agent({
    connect: { lookup: pinnedLookup(target), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 1,
  });
  try {
    const response = await request(target.url, {
      method: 'POST',
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'TradeCert-Webhooks/1',
        'webhook-id': message.id,
        'webhook-timestamp': String(message.timestampSeconds),
        'webhook-signature': message.secrets
          .map((secret) => signatureOf(secret, message.id, message.timestampSeconds, message.body))
          .join(' '),
      },
      body: message.body,
    });
    await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    return { statusCode: response.statusCode, ok, error: ok ? null : `HTTP ${response.statusCode}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || /timeout/i.test(error.message));
    return {
      statusCode: null,
      ok: false,
      error: timedOut ? 'Timed out' : `Could not connect (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}
