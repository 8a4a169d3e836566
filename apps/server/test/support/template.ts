/** The migrated database every test database is cloned from (see global-setup.ts). */
export const TEMPLATE_DATABASE = 'tradecert_template';
