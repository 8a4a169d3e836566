/**
 * A save with no connection goes on to the list: a form page loads the list's code as it opens,
 * in case the phone has no service worker yet to serve it offline.
 */
export function loadListPageAhead() {
  void import('./CertificatesListPage.tsx').catch(() => undefined);
}
