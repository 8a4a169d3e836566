/** The part of the data router the redirect uses (a fake stands in for it in tests). */
export type RouterLike = {
  readonly state: { readonly location: { readonly pathname: string } };
  subscribe: (listener: () => void) => () => void;
  navigate: (to: string) => Promise<void>;
};

/**
 * What to do, on `pathname`, about a user who just signed in and has not finished onboarding:
 * wait while the sign-in flow is still moving them on (PRODUCT.md, States: sign-in goes to its target after
 * 100 ms; an emailed link goes to / or back where sign-up began), stay where onboarding is, where a
 * password is being set or on an invitation, and otherwise go to /onboarding.
 */
export function onboardingRedirectFor(pathname: string): 'wait' | 'stay' | 'go' {
  if (['/login', '/auth/callback', '/auth/confirm'].includes(pathname)) return 'wait';
  if (['/onboarding', '/welcome', '/auth/update-password'].includes(pathname)) return 'stay';
  // Someone joining a business by invitation: the company is the business's, not theirs to set up.
  if (pathname.startsWith('/invite/')) return 'stay';
  return 'go';
}

/**
 * After a sign-in: loads the profile, and when onboarding is not finished, sends the user to
 * /onboarding once the sign-in flow has landed. Once per sign-in, so it cannot loop, and a user
 * who then leaves onboarding is not pulled back. A profile that fails to load proves nothing, so
 * the user carries on with the basic profile (PRODUCT.md, States) instead.
 */
export async function redirectIfOnboardingUnfinished(options: {
  router: RouterLike;
  loadProfile: () => Promise<{ onboarding_completed: boolean }>;
  /** Aborted when the user signs out or someone else signs in before this is done. */
  signal: AbortSignal;
}): Promise<void> {
  const { router, loadProfile, signal } = options;
  const profile = await loadProfile().catch(() => null);
  if (!profile || profile.onboarding_completed || signal.aborted) return;
  const decide = () => onboardingRedirectFor(router.state.location.pathname);
  if (decide() === 'wait') {
    await new Promise<void>((resolve) => {
      const stop = () => {
        unsubscribe();
        signal.removeEventListener('abort', stop);
        resolve();
      };
      const unsubscribe = router.subscribe(() => {
        if (decide() !== 'wait') stop();
      });
      signal.addEventListener('abort', stop);
    });
  }
  if (!signal.aborted && decide() === 'go') await router.navigate('/onboarding');
}
