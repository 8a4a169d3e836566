import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../../../lib/auth/auth-store.ts';

/** SPEC §4: signs out everywhere (all devices) and goes to the home page. */
export function SignOutButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    // Leave first: on a guarded page the guard would otherwise send the user to /login.
    navigate('/');
    await authStore.signOut();
  };
  return (
    <button type="button" className={className} disabled={pending} onClick={signOut}>
      {pending ? 'Signing out...' : 'Sign out'}
    </button>
  );
}
