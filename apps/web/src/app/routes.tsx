import { type ComponentType, lazy } from 'react';
import { CertificateDetailWithSigning, SignPage } from './signing-pages.tsx';

/**
 * Every route of PRODUCT.md, Routes in one table. `Page` is lazy-loaded; a route without one is routed but
 * not built yet and shows its title with "coming soon".
 */
export type PageRoute = {
  path: string;
  title: string;
  Page?: ComponentType;
};

const HomePage = lazy(() => import('./HomePage.tsx'));
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const AuthCallbackPage = lazy(() => import('../features/auth/AuthCallbackPage.tsx'));
const ConfirmEmailPage = lazy(() => import('../features/auth/ConfirmEmailPage.tsx'));
const UpdatePasswordPage = lazy(() => import('../features/auth/UpdatePasswordPage.tsx'));
// The profile page with the account's settings (auth feature) under it.
const ProfilePage = lazy(() => import('./ProfilePage.tsx'));
const OnboardingPage = lazy(() => import('../features/profile/OnboardingPage.tsx'));
const WelcomePage = lazy(() => import('../features/profile/WelcomePage.tsx'));
const MaterialsPage = lazy(() => import('../features/profile/MaterialsPage.tsx'));
const CertificatesListPage = lazy(() => import('../features/certificates/CertificatesListPage.tsx'));
const NewCertificatePage = lazy(() => import('../features/certificates/NewCertificatePage.tsx'));
const EditCertificatePage = lazy(() => import('../features/certificates/EditCertificatePage.tsx'));
const CertificateDownloadPage = lazy(() => import('../features/certificates/CertificateDownloadPage.tsx'));
const GalleryPage = lazy(() => import('../features/gallery/GalleryPage.tsx'));
// Billing's pages come through one small module that loads each of them (see billing-pages.ts).
type BillingPage = keyof typeof import('../features/billing/billing-pages.ts').billingPages;
const billingPage = (name: BillingPage) =>
  lazy(async () => (await import('../features/billing/billing-pages.ts')).billingPages[name]());
const PricingPage = billingPage('pricing');
const SubscriptionPage = billingPage('subscription');
const TestCheckoutPage = billingPage('testCheckout');
const CheckoutReturnPage = billingPage('checkoutReturn');
const WebhookTestPage = billingPage('webhookTest');
type LoadedPage = keyof typeof import('./page-loaders.ts').pageLoaders;
const loadedPage = (name: LoadedPage) => lazy(async () => (await import('./page-loaders.ts')).pageLoaders[name]());
const ContactPage = loadedPage('contact');
const AdminPage = loadedPage('admin');
const TermsPage = loadedPage('terms');
const PrivacyPage = loadedPage('privacy');
const BundlesPage = loadedPage('bundles');

/** Any other path. Lazy too: a page nobody asked for should not weigh on every page's entry chunk. */
export const NotFoundPage = loadedPage('notFound');

export const publicRoutes: PageRoute[] = [
  { path: '/', title: 'Compliance certificates for trades', Page: HomePage },
  { path: '/home', title: 'Home', Page: HomePage },
  { path: '/login', title: 'Sign in', Page: LoginPage },
  { path: '/register', title: 'Create your account', Page: RegisterPage },
  { path: '/pricing', title: 'Pricing', Page: PricingPage },
  { path: '/contact', title: 'Contact us', Page: ContactPage },
  { path: '/terms', title: 'Terms of service', Page: TermsPage },
  { path: '/privacy', title: 'Privacy policy', Page: PrivacyPage },
  { path: '/auth/callback', title: 'Signing you in', Page: AuthCallbackPage },
  { path: '/auth/confirm', title: 'Confirm your email', Page: ConfirmEmailPage },
  { path: '/auth/update-password', title: 'Set a new password', Page: UpdatePasswordPage },
  { path: '/certificates/:id', title: 'Certificate', Page: CertificateDetailWithSigning },
  { path: '/certificates/:id/download', title: 'Download certificate', Page: CertificateDownloadPage },
  { path: '/gallery', title: 'Photo gallery', Page: GalleryPage },
  { path: '/sign/:token', title: 'Sign document', Page: SignPage },
  { path: '/webhook-test', title: 'Billing webhook status', Page: WebhookTestPage },
  { path: '/verify/:kind/:id/:version', title: 'Verify a document', Page: loadedPage('verify') },
];

/** Routes that send a visitor without a session to /login (and back afterwards). */
export const guardedRoutes: PageRoute[] = [
  { path: '/profile', title: 'Company profile', Page: ProfilePage },
  { path: '/certificates', title: 'Certificates', Page: CertificatesListPage },
  { path: '/certificates/new', title: 'New certificate', Page: NewCertificatePage },
  { path: '/certificates/edit/:id', title: 'Edit certificate', Page: EditCertificatePage },
  { path: '/compliance', title: 'Compliance checklist' },
  { path: '/materials', title: 'Materials', Page: MaterialsPage },
  { path: '/swms', title: 'Safe Work Method Statements', Page: loadedPage('swmsList') },
  { path: '/swms/cover-sheet', title: 'SWMS cover sheets', Page: loadedPage('coverSheets') },
  { path: '/swms/cover-sheet/edit/:id', title: 'Edit SWMS cover sheet', Page: loadedPage('coverSheet') },
  { path: '/swms/:id', title: 'SWMS', Page: loadedPage('swms') },
  { path: '/bundles', title: 'Document bundles', Page: BundlesPage },
  { path: '/admin', title: 'Admin', Page: AdminPage },
  { path: '/onboarding', title: 'Set up your company', Page: OnboardingPage },
  { path: '/welcome', title: 'Welcome', Page: WelcomePage },
  { path: '/subscription', title: 'Subscription', Page: SubscriptionPage },
  { path: '/billing/test-checkout', title: 'Test checkout', Page: TestCheckoutPage },
  { path: '/billing/return', title: 'Confirming your payment', Page: CheckoutReturnPage },
];
