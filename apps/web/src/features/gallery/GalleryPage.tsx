import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';

// Loaded for signed-in users only: a visitor's page stays as light as the home page.
const MemberGallery = lazy(() => import('./components/MemberGallery.tsx'));

/** Public route: a signed-in user sees their certificates' photos; a visitor, what the gallery is. */
export default function GalleryPage() {
  const auth = useAuth();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <PageTitle>Photo gallery</PageTitle>
      <div className="mt-6">
        {auth.status === 'loading' ? <Spinner label="Checking authentication..." /> : null}
        {auth.status === 'signed-out' ? <VisitorGallery /> : null}
        {auth.status === 'signed-in' ? (
          <Suspense fallback={<Spinner label="Loading photos..." />}>
            <MemberGallery userId={auth.session.user.id} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

function VisitorGallery() {
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <p>
        The gallery gathers the before, during and after photos from all your compliance certificates in one place, so
        you can find the shot of a shower recess or balcony membrane again in seconds, right from the job site.
      </p>
      <p>
        Your photos are private: only you see them here. A builder or certifier sees them on a certificate you share.
      </p>
      <p className="flex flex-wrap gap-3">
        <Link to="/login" state={{ from: '/gallery' }} className={buttonClasses()}>
          Sign in to see your photos
        </Link>
        <Link to="/register" className={buttonClasses('secondary')}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
