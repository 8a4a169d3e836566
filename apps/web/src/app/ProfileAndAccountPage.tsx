import { AccountSettings } from '../features/auth/components/AccountSettings.tsx';
import ProfilePage from '../features/profile/ProfilePage.tsx';

/** /profile: the company profile, and under it the account's email, password and deletion. */
export default function ProfileAndAccountPage() {
  return <ProfilePage account={<AccountSettings />} />;
}
