import { prepareCodeExchange } from '../../../lib/auth/pkce.ts';

/** Sends a request that makes the server email a link, keeping the verifier only if it was accepted. */
export async function withCodeExchange<T>(send: (codeChallenge: string | undefined) => Promise<T>): Promise<T> {
  const exchange = await prepareCodeExchange();
  const result = await send(exchange.challenge);
  exchange.remember();
  return result;
}
