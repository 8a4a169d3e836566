import { type ApiTokenRequest, apiAccessEndpoints } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Per user, so one person's tokens are never shown to the next one signing in on this browser. */
const apiTokensKey = (userId: string) => ['api-tokens', userId] as const;

/** GET /api/api-tokens. */
export const useApiTokens = (userId: string) =>
  useQuery({
    queryKey: apiTokensKey(userId),
    queryFn: async ({ signal }) => (await call(apiAccessEndpoints.listTokens, {}, { signal })).tokens,
    enabled: userId !== '',
  });

/** POST /api/api-tokens (Premium): the answer holds the token, this once. */
export function useCreateApiTokenMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenRequest) => call(apiAccessEndpoints.createToken, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensKey(userId) }),
  });
}

/** DELETE /api/api-tokens/:id: the token stops working at once. */
export function useRevokeApiTokenMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(apiAccessEndpoints.revokeToken, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensKey(userId) }),
  });
}
