import { type ContactMessageRequest, contactEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

function sendContactMessage(body: ContactMessageRequest) {
  return call(contactEndpoints.send, { body });
}

export function useSendContactMessageMutation() {
  return useMutation({ mutationFn: sendContactMessage });
}
