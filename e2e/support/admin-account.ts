/** The one admin of the e2e server: global-setup puts it in ADMIN_EMAILS. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
