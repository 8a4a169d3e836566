import type { RateLimitRule } from '../../src/platform/rate-limit/rate-limiter.ts';

/**
 * Sends `send()` until it answers 429 and returns that answer. Windows are fixed, so one may restart
 * during the run: the limit holds if a 429 comes within two windows' worth of requests, and none
 * came within the first `rule.limit`.
 */
export async function untilRefused<T extends { statusCode: number }>(
  rule: RateLimitRule,
  send: () => Promise<T>,
): Promise<{ refused: T; sent: number }> {
  for (let sent = 1; sent <= 2 * rule.limit + 1; sent++) {
    const response = await send();
    if (response.statusCode === 429) {
      if (sent <= rule.limit) throw new Error(`refused after ${sent} requests, below the limit of ${rule.limit}`);
      return { refused: response, sent };
    }
  }
  throw new Error(`never refused in ${2 * rule.limit + 1} requests`);
}

/**
 * Waits, if need be, until the current window of `rule` has at least `marginMs` left: two requests
 * that must share a window (a limit of 1 a minute) then never straddle its edge.
 */
export async function clearOfWindowEdge(rule: RateLimitRule, marginMs = 5000): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Which fixed window of `rule` it is now: a burst that started and ended in the same one was counted in one. */
export const windowOf = (rule: RateLimitRule): number => Math.floor(Date.now() / (rule.windowSeconds * 1000));
