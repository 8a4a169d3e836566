import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { z } from 'zod';

/** The archive's layout, raised whenever it changes; a restore refuses a format it does not know. */
const BACKUP_FORMAT_VERSION = 1;
const MANIFEST_NAME = 'manifest.json';
/** Stored files are under `files/<storage key>`. */
export const FILES_DIR = 'files';

const entrySchema = z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string() });

const databaseSchema = z.discriminatedUnion('kind', [
  // The embedded cluster's own files, taken with pg_backup_start/stop (backup_label inside), and
  // the passwords its roles have (ADR 0045: no pg_dump for the embedded server's version ships).
  z.object({
    kind: z.literal('embedded-cluster'),
    serverVersion: z.string(),
    directory: z.string(),
    credentials: z.string(),
  }),
  // `pg_dump -Fc` of DATABASE_URL's database.
  z.object({
    kind: z.literal('pg_dump'),
    serverVersion: z.string(),
    dumpMajorVersion: z.number().int(),
    dump: z.string(),
  }),
]);

const manifestSchema = z.object({
  format: z.literal('tradecert-backup'),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  appVersion: z.string(),
  /** The newest migration applied in the backed-up database. */
  schemaMigration: z.string(),
  database: databaseSchema,
  files: z.object({
    count: z.number().int().min(0),
    /** Referenced by the database but already gone from storage when copied (deleted meanwhile). */
    missing: z.array(z.string()),
  }),
  /** Every file in the archive but this manifest, with its checksum. */
  entries: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestDatabase = z.infer<typeof databaseSchema>;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under `root`, as paths relative to it with `/` separators. */
async function filesUnder(root: string, relative = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, name)));
    else if (entry.isFile()) found.push(name);
    else throw new Error(`unexpected entry in the backup (not a file or folder): ${name}`);
  }
  return found;
}

/**
 * Writes `staging` (everything but the manifest) as one .tar.gz at `outFile`, with a manifest that
 * checksums every file. Written under a temporary name and renamed: no half archive is left behind.
 */
export async function writeArchive(
  staging: string,
  manifest: Omit<Manifest, 'entries' | 'format' | 'formatVersion'>,
  outFile: string,
): Promise<Manifest> {
  const entries = [];
  for (const name of (await filesUnder(staging)).sort()) {
    const full = path.join(staging, name);
    entries.push({ path: name, size: (await lstat(full)).size, sha256: await sha256Of(full) });
  }
  const complete: Manifest = { format: 'tradecert-backup', formatVersion: BACKUP_FORMAT_VERSION, ...manifest, entries };
  await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(complete, null, 2)}\n`);
  const top = (await readdir(staging)).filter((name) => name !== MANIFEST_NAME).sort();
  const temporary = `${outFile}.partial`;
  try {
    // The manifest first, so a reader learns what the archive is before the bulk.
    await tar.create({ gzip: true, file: temporary, cwd: staging, portable: true }, [MANIFEST_NAME, ...top]);
    await rename(temporary, outFile);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return complete;
}

/**
 * Unpacks `archive` into the empty folder `into` and checks it: a manifest this version reads,
 * every listed file present with its checksum, nothing unlisted.
 */
export async function extractArchive(archive: string, into: string): Promise<Manifest> {
  // strict: a damaged archive is an error, not a warning; node-tar never writes outside `cwd`.
  await tar.extract({ file: archive, cwd: into, strict: true, preserveOwner: false });
  const raw = await readFile(path.join(into, MANIFEST_NAME), 'utf8').catch(() => {
    throw new Error(`${archive} is not a TradeCert backup: it has no ${MANIFEST_NAME}`);
  });
  const parsed = manifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`${archive} has a manifest this version cannot read`);
  const manifest = parsed.data;
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new Error(
      `${archive} is backup format ${manifest.formatVersion}; this version reads format ${BACKUP_FORMAT_VERSION}`,
    );
  }
  const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  const present = (await filesUnder(into)).filter((name) => name !== MANIFEST_NAME);
  const unlisted = present.filter((name) => !listed.has(name));
  if (unlisted.length > 0) throw new Error(`${archive} holds files its manifest does not list: ${unlisted[0]}…`);
  if (present.length !== listed.size) {
    const here = new Set(present);
    const missing = [...listed.keys()].filter((name) => !here.has(name));
    throw new Error(`${archive} is incomplete: ${missing.length} listed files are missing (${missing[0]}…)`);
  }
  for (const entry of manifest.entries) {
    if ((await sha256Of(path.join(into, entry.path))) !== entry.sha256) {
      throw new Error(`${archive} is damaged: the checksum of ${entry.path} does not match its manifest`);
    }
  }
  return manifest;
}
