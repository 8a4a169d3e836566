import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { TEMPLATE_DATABASE } from './support/template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string for the `postgres` maintenance database of the shared test cluster. */
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL cluster for the whole integration run, with a migrated template database.
 * Each test file clones the template (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-it-'));
  // mkdtemp makes a private dir; when run as root, postgres runs as its own user and must enter it.
  await chmod(directory, 0o755);
  const cluster = await startEmbeddedPostgres(path.join(directory, 'postgres'), pino({ level: 'warn' }));
  // Migrated as the app role, as a real start does; tests then connect as the superuser.
  await runMigrations(await cluster.ensureAppDatabase(TEMPLATE_DATABASE));
  project.provide('pgAdminUrl', cluster.adminUrlFor('postgres'));

  return async () => {
    await cluster.stop();
    await rm(directory, { recursive: true, force: true });
  };
}
