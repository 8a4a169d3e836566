import { describe, expect, it, vi } from 'vitest';
import { onboardingRedirectFor, type RouterLike, redirectIfOnboardingUnfinished } from './onboarding-redirect.ts';

/** A router at `pathname` that records navigations and can be moved by the test. */
function fakeRouter(pathname: string) {
  const listeners = new Set<() => void>();
  const router = {
    state: { location: { pathname } },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate: vi.fn(async (to: string) => {
      router.moveTo(to);
    }),
    moveTo: (to: string) => {
      router.state = { location: { pathname: to } };
      for (const listener of [...listeners]) listener();
    },
    listenerCount: () => listeners.size,
  };
  return router satisfies RouterLike;
}

const unfinished = async () => ({ onboarding_completed: false });
const finished = async () => ({ onboarding_completed: true });

describe('onboardingRedirectFor', () => {
  it('waits while sign-in is still moving the user on', () => {
    for (const path of ['/login', '/auth/callback', '/auth/confirm']) expect(onboardingRedirectFor(path)).toBe('wait');
  });

  it('leaves onboarding itself and password setting alone', () => {
    for (const path of ['/onboarding', '/welcome', '/auth/update-password']) {
      expect(onboardingRedirectFor(path)).toBe('stay');
    }
  });

  it('leaves someone joining a business by invitation on the invitation', () => {
    expect(onboardingRedirectFor('/invite/abc123')).toBe('stay');
  });

  it('goes from anywhere else', () => {
    for (const path of ['/', '/profile', '/certificates/new']) expect(onboardingRedirectFor(path)).toBe('go');
  });
});

describe('redirectIfOnboardingUnfinished', () => {
  it('waits for the sign-in page to move on, then goes to onboarding', async () => {
    const router = fakeRouter('/login');
    const done = redirectIfOnboardingUnfinished({
      router,
      loadProfile: unfinished,
      signal: new AbortController().signal,
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(router.navigate).not.toHaveBeenCalled();
    router.moveTo('/');
    await done;
    expect(router.navigate).toHaveBeenCalledExactlyOnceWith('/onboarding');
    expect(router.listenerCount()).toBe(0);
  });

  it('does nothing for a user who finished onboarding', async () => {
    const router = fakeRouter('/');
    await redirectIfOnboardingUnfinished({ router, loadProfile: finished, signal: new AbortController().signal });
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('does nothing when the profile cannot be loaded', async () => {
    const router = fakeRouter('/');
    await redirectIfOnboardingUnfinished({
      router,
      loadProfile: () => Promise.reject(new Error('503')),
      signal: new AbortController().signal,
    });
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('leaves a user setting a new password where they are', async () => {
    const router = fakeRouter('/auth/update-password');
    await redirectIfOnboardingUnfinished({ router, loadProfile: unfinished, signal: new AbortController().signal });
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('stops waiting when the user signs out meanwhile', async () => {
    const router = fakeRouter('/login');
    const signOut = new AbortController();
    const done = redirectIfOnboardingUnfinished({ router, loadProfile: unfinished, signal: signOut.signal });
    await Promise.resolve();
    signOut.abort();
    await done;
    router.moveTo('/');
    expect(router.navigate).not.toHaveBeenCalled();
    expect(router.listenerCount()).toBe(0);
  });
});
