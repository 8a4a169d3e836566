import { apiAccessEndpoints, type WebhookEndpoint, type WebhookEndpointRequest } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

const webhooksKey = (userId: string) => ['webhooks', userId] as const;
const deliveriesKey = (userId: string, endpointId: string) => ['webhooks', userId, endpointId, 'deliveries'] as const;

/** GET /api/webhooks. */
export const useWebhookEndpoints = (userId: string) =>
  useQuery({
    queryKey: webhooksKey(userId),
    queryFn: async ({ signal }) => (await call(apiAccessEndpoints.listWebhooks, {}, { signal })).endpoints,
    enabled: userId !== '',
  });

/** GET /api/webhooks/:id/deliveries: the latest 50, read again every few seconds while one is being sent. */
export const useWebhookDeliveries = (userId: string, endpointId: string) =>
  useQuery({
    queryKey: deliveriesKey(userId, endpointId),
    queryFn: async ({ signal }) =>
      (await call(apiAccessEndpoints.listDeliveries, { params: { id: endpointId } }, { signal })).deliveries,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? 5000 : false),
  });

/** POST /api/webhooks (Premium): the answer holds the signing secret, this once. */
export function useCreateWebhookMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointRequest) => call(apiAccessEndpoints.createWebhook, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey(userId) }),
  });
}

/** DELETE /api/webhooks/:id, with its delivery log. */
export function useDeleteWebhookMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(apiAccessEndpoints.deleteWebhook, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey(userId) }),
  });
}

/** The endpoint as the server now has it, in the list at once (the card changes before any refetch). */
function useShowEndpoint(userId: string) {
  const queryClient = useQueryClient();
  return (endpoint: WebhookEndpoint) => {
    queryClient.setQueryData<WebhookEndpoint[]>(webhooksKey(userId), (endpoints) =>
      endpoints?.map((listed) => (listed.id === endpoint.id ? endpoint : listed)),
    );
    void queryClient.invalidateQueries({ queryKey: webhooksKey(userId) });
  };
}

/** POST /api/webhooks/:id/enable (Premium): a disabled endpoint back on. */
export function useEnableWebhookMutation(userId: string) {
  const showEndpoint = useShowEndpoint(userId);
  return useMutation({
    mutationFn: (id: string) => call(apiAccessEndpoints.enableWebhook, { params: { id } }),
    onSuccess: showEndpoint,
  });
}

/** POST /api/webhooks/:id/rotate-secret (Premium): the answer holds the new signing secret, this once. */
export function useRotateWebhookSecretMutation(userId: string) {
  const showEndpoint = useShowEndpoint(userId);
  return useMutation({
    mutationFn: (id: string) => call(apiAccessEndpoints.rotateWebhookSecret, { params: { id } }),
    onSuccess: (rotated) => showEndpoint(rotated.endpoint),
  });
}

/** POST /api/webhooks/deliveries/:id/resend (Premium). */
export function useResendDeliveryMutation(userId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(apiAccessEndpoints.resendDelivery, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(userId, endpointId) }),
  });
}
