import { AccountSettings } from '../features/auth/components/AccountSettings.tsx';
import CompanyProfilePage from '../features/profile/ProfilePage.tsx';

/** /profile: the company profile, and under it the account's email, password and deletion. */
export default function ProfilePage() {
  return <CompanyProfilePage account={<AccountSettings />} />;
}
