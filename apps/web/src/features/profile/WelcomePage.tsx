import type { Profile } from '@app/contract';
import { Link } from 'react-router';
import { buttonClasses, textLinkClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { WithProfile } from './components/WithProfile.tsx';
import { missingDetails } from './onboarding-steps.ts';

/** Where onboarding ends: what to do next. */
export default function WelcomePage() {
  return <WithProfile what="your profile" screen={Welcome} />;
}

function Welcome({ profile }: { profile: Profile }) {
  const missing = missingDetails(profile);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8 px-4 py-8">
      <div>
        <PageTitle>Welcome to TradeCert</PageTitle>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          {profile.company_name ? `${profile.company_name} is set up.` : 'Your account is set up.'} Your company details
          are printed on every certificate you create.
        </p>
      </div>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">Next: your first certificate</h2>
        <p>
          Enter the job site, the areas you treated and the standards you followed, add photos of the work, then save it
          as completed to share or download it.
        </p>
        <Link to="/certificates/new" className={`self-start ${buttonClasses()}`}>
          Create your first certificate
        </Link>
      </section>
      {missing.length > 0 ? (
        <section className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold">Still to add</h2>
          <p>
            Your certificates print your {new Intl.ListFormat('en-AU').format(missing)}. Add them on your profile when
            you have them to hand.
          </p>
        </section>
      ) : null}
      <ul className="flex flex-col gap-2">
        <li>
          <Link to="/profile" className={textLinkClasses}>
            Review your company profile
          </Link>
        </li>
        <li>
          <Link to="/materials" className={textLinkClasses}>
            Manage your common materials
          </Link>
        </li>
      </ul>
    </div>
  );
}
