import { billingStatusEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';
import { useReadWithoutCache } from '../../../lib/read-without-cache.ts';

export const readWebhookStatus = (signal: AbortSignal) => call(billingStatusEndpoints.webhookStatus, {}, { signal });

/**
 * Whether billing is set up, for /pricing, which opens without the query cache (ADR 0097): apart
 * from the cached read (get-webhook-status.ts), whose module loads the cache's code.
 */
export function useBillingSwitchedOff(): boolean {
  const { read } = useReadWithoutCache('webhook-status', readWebhookStatus);
  return read.status === 'ready' && read.data.mode === 'off';
}
