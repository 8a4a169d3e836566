import { MonthlyUsagePanel } from '../features/certificates/dashboard/MonthlyUsagePanel.tsx';
import { RecentCertificatesPanel } from '../features/certificates/dashboard/RecentCertificatesPanel.tsx';
import { Dashboard, type DashboardPanel } from '../features/home/Dashboard.tsx';
import { SignaturesWaitingPanel } from '../features/signing/dashboard/SignaturesWaitingPanel.tsx';
import { RecentSwmsPanel } from '../features/swms/dashboard/RecentSwmsPanel.tsx';

/** The dashboard's panels, from the features that own them, in the order they show. */
const panels: readonly DashboardPanel[] = [
  { key: 'recent-certificates', Panel: RecentCertificatesPanel },
  { key: 'monthly-usage', Panel: MonthlyUsagePanel },
  { key: 'recent-swms', Panel: RecentSwmsPanel },
  { key: 'signatures-waiting', Panel: SignaturesWaitingPanel },
];

export default function DashboardPage({ userId }: { userId: string }) {
  return <Dashboard userId={userId} panels={panels} />;
}
