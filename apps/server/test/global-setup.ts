import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseUrlFor, TEMPLATE_DATABASE } from './support/template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string for the maintenance database of the test cluster, as a role that creates databases. */
    pgAdminUrl: string;
    /** The migrated database each test file clones. */
    templateDatabase: string;
  }
}

/**
 * One real PostgreSQL for the whole integration run, with a migrated template database. Each test
 * file clones the template (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 *
 * With DATABASE_URL set (a role that may create databases, e.g. the superuser of a throwaway server:
 * scripts/with-external-postgres.sh), that server is used instead of an embedded cluster; the
 * template then gets a name of its own, so runs sharing one server never meet.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  if (external) return setUpExternal(project, external);

  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-it-'));
  // mkdtemp makes a private dir; when run as root, postgres runs as its own user and must enter it.
  await chmod(directory, 0o755);
  const cluster = await startEmbeddedPostgres(path.join(directory, 'postgres'), pino({ level: 'warn' }));
  // Migrated as the app role, as a real start does; tests then connect as the superuser.
  await runMigrations(await cluster.ensureAppDatabase(TEMPLATE_DATABASE));
  project.provide('pgAdminUrl', cluster.adminUrlFor('postgres'));
  project.provide('templateDatabase', TEMPLATE_DATABASE);

  return async () => {
    await cluster.stop();
    await rm(directory, { recursive: true, force: true });
  };
}

async function setUpExternal(project: TestProject, adminUrl: string) {
  const template = `${TEMPLATE_DATABASE}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${template}`);
  await runMigrations(databaseUrlFor(adminUrl, template));
  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', template);
  return async () => {
    await admin(`drop database if exists ${template} with (force)`);
  };
}
