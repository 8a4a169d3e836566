/** The migrated database every test database is cloned from (see global-setup.ts). */
export const TEMPLATE_DATABASE = 'tradecert_template';

/** `url` (any PostgreSQL connection string) naming `database` instead of its own. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
