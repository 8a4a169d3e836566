import { type ContactMessageRequest, contactEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';
import { useSendWithoutCache } from '../../../lib/send-without-cache.ts';

function sendContactMessage(body: ContactMessageRequest) {
  return call(contactEndpoints.send, { body });
}

/** Without the query cache, which the contact page does not load (ADR 0097). */
export function useSendContactMessage() {
  return useSendWithoutCache(sendContactMessage);
}
