/**
 * A text the page that sent the visitor to sign in or sign up put in the navigation state: `from`
 * (where to go afterwards), `email` (an invitation's address, filled in for them).
 */
export function stateText(state: unknown, name: 'from' | 'email'): string | undefined {
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}
