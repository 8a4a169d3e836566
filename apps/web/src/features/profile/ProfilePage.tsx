import type { Profile } from '@app/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProfileImage } from '../../components/profile/use-profile-image.ts';
import { textLinkClasses } from '../../components/ui/Button.tsx';
import { ImageField } from '../../components/ui/ImageField.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { SignatureField } from '../../components/ui/SignatureField.tsx';
import { CompanyDetailsForm } from './components/CompanyDetailsForm.tsx';
import { SubscriptionSummary } from './components/SubscriptionSummary.tsx';
import { WithProfile } from './components/WithProfile.tsx';

/** `account`: the account's own settings (email, password, deletion), which the app adds from the auth feature. */
export default function ProfilePage({ account }: { account?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-10 px-4 py-8">
      <WithProfile what="your profile" screen={ProfileScreen} />
      {account ? <ProfileSection title="Account">{account}</ProfileSection> : null}
    </div>
  );
}

function ProfileScreen({ profile }: { profile: Profile }) {
  const logo = useProfileImage(profile, 'logo');
  const signature = useProfileImage(profile, 'signature');
  return (
    <>
      <div>
        <PageTitle>Company profile</PageTitle>
        <p className="mt-2 break-words text-slate-600 dark:text-slate-300">
          These details are printed on every certificate you issue. Signed in as {profile.email}.
        </p>
      </div>
      <CompanyDetailsForm profile={profile} />
      <ProfileSection title="Logo and signature">
        <ImageField {...logo} />
        <SignatureField {...signature} />
      </ProfileSection>
      <ProfileSection title="Common materials">
        <MaterialsSummary materials={profile.common_materials} />
      </ProfileSection>
      <ProfileSection title="Subscription">
        <SubscriptionSummary profile={profile} />
      </ProfileSection>
      <ProfileSection title="API access">
        <p>Connect your job-management system with API tokens, and hear of issued and signed documents by webhook.</p>
        <Link to="/profile/api" className={`self-start ${textLinkClasses}`}>
          Manage API tokens and webhooks
        </Link>
      </ProfileSection>
    </>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 border-t border-slate-200 pt-6 dark:border-slate-800">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function MaterialsSummary({ materials }: { materials: readonly string[] }) {
  return (
    <>
      {materials.length === 0 ? (
        <p>
          No common materials yet. Add the products you use often and they are filled in for you on new certificates.
        </p>
      ) : (
        <>
          <p>Filled in for you under &ldquo;Materials used&rdquo; on new certificates:</p>
          <ul className="list-disc pl-6">
            {materials.map((material) => (
              <li key={material}>{material}</li>
            ))}
          </ul>
        </>
      )}
      <Link to="/materials" className={`self-start ${textLinkClasses}`}>
        {materials.length === 0 ? 'Add common materials' : 'Edit common materials'}
      </Link>
    </>
  );
}
