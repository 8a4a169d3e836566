import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsFileFor } from '../../src/db/embedded.ts';
import { completedCertificateFields } from '../support/certificates.ts';
import { TEST_ISSUER } from '../support/issuer.ts';
import { multipartBody } from '../support/multipart.ts';
import { pdfText } from '../support/pdf-tools.ts';
import { type ServerProcess, spawnServer } from '../support/server-process.ts';

const run = promisify(execFile);
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'harbour-trowel-magnet-47';

let workDir: string;
const running: ServerProcess[] = [];

/** `npm run backup|restore -- <file>` as the root package.json runs it, on `dataDir`. */
async function cli(command: 'backup' | 'restore', file: string, dataDir: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/backup/main.ts', command, file], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function startApp(dataDir: string) {
  const server = spawnServer({ PORT: '0', DATA_DIR: dataDir });
  running.push(server);
  const port = Number((await server.waitForLog((line) => line.msg === 'embedded PostgreSQL started')).port);
  const url = String((await server.waitForLog((line) => line.msg === 'server ready')).url);
  const sql = async (text: string, values: unknown[] = []) => {
    const { superuserPassword } = JSON.parse(
      await readFile(credentialsFileFor(path.join(dataDir, 'postgres')), 'utf8'),
    );
    const client = new pg.Client({
      connectionString: `postgres://postgres:${superuserPassword}@127.0.0.1:${port}/app`,
    });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  return { server, url, sql };
}

type Api = (route: string, init?: { method?: string; body?: object; file?: Buffer }) => Promise<Response>;

function apiOf(url: string, token?: string): Api {
  return (route, { method = 'GET', body, file } = {}) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (file) {
      const multipart = multipartBody(file, 'image.jpg', 'image/jpeg');
      return fetch(`${url}${route}`, {
        method,
        headers: { ...headers, ...multipart.headers },
        body: multipart.payload,
      });
    }
    if (body) headers['content-type'] = 'application/json';
    return fetch(`${url}${route}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  };
}

async function signIn(url: string, email: string) {
  const response = await apiOf(url)('/api/auth/signin', { method: 'POST', body: { email, password: PASSWORD } });
  expect(response.status).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return Object.assign(apiOf(url, session.access_token), { userId: session.user.id });
}

const bytesOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'tradecert-backup-'));
  // Run as root, the embedded PostgreSQL runs as `postgres`, which must pass through to its data.
  await chmod(workDir, 0o755);
});

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  await rm(workDir, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('backs up a running app and restores every certificate, fingerprint, photo and signature into an empty DATA_DIR', async () => {
    const original = path.join(workDir, 'original');
    const first = await startApp(original);
    const email = 'backup-owner@example.com';
    expect(
      (await apiOf(first.url)('/api/auth/signup', { method: 'POST', body: { email, password: PASSWORD } })).status,
    ).toBe(201);
    await first.sql('update users set email_confirmed_at = now() where email = $1', [email]);
    const owner = await signIn(first.url, email);

    const signatureImage = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="400" height="120"><path d="M10 90 Q 120 10 390 80" stroke="black" stroke-width="6" fill="none"/></svg>',
          ),
          top: 0,
          left: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    expect((await owner('/api/profile/signature', { method: 'PUT', file: signatureImage })).status).toBe(200);
    // A completed certificate names its issuer (ADR 0065).
    expect((await owner('/api/profile', { method: 'PATCH', body: TEST_ISSUER })).status).toBe(200);
    const photoImage = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#88aa77' } })
      .jpeg()
      .toBuffer();
    const uploaded = await owner('/api/certificates/photos', { method: 'POST', file: photoImage });
    expect(uploaded.status).toBe(201);
    const photoId = ((await uploaded.json()) as { file_id: string }).file_id;
    const created = await owner('/api/certificates', {
      method: 'POST',
      body: {
        user_id: owner.userId,
        ...completedCertificateFields,
        photos: [{ file_id: photoId, caption: 'Second coat' }],
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const certificate = (await created.json()) as { id: string; fingerprint: string; number: string };
    expect(certificate.fingerprint).toMatch(/\S/);
    const [{ signature_file_id: signatureId }] = await first.sql(
      'select signature_file_id from profiles p join users u on u.id = p.id where u.email = $1',
      [email],
    );
    const before = {
      photo: await bytesOf(await owner(`/api/files/${photoId}`)),
      signature: await bytesOf(await owner(`/api/files/${signatureId}`)),
      pdf: await bytesOf(await owner(`/api/certificates/${certificate.id}/pdf`)),
    };
    expect(await pdfText(before.pdf)).toContain(certificate.fingerprint);

    // Backed up while the app runs: the point of a backup.
    const archive = path.join(workDir, 'tradecert-backup.tar.gz');
    const backup = await cli('backup', archive, original);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Backup complete: 6 files');
    // An archive is never overwritten.
    expect((await cli('backup', archive, original)).stderr).toContain('already exists');

    // Wiped: the app stopped and its DATA_DIR gone.
    await first.server.stop();
    await rm(original, { recursive: true, force: true });

    const restoredDir = path.join(workDir, 'restored');
    const restore = await cli('restore', archive, restoredDir);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Restore complete');
    // Never into a DATA_DIR with data in it.
    const again = await cli('restore', archive, restoredDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not empty');

    const second = await startApp(restoredDir);
    const restoredOwner = await signIn(second.url, email);
    const read = await restoredOwner(`/api/certificates/${certificate.id}`);
    expect(read.status).toBe(200);
    const restored = (await read.json()) as { fingerprint: string; number: string; photos: Array<{ file_id: string }> };
    expect(restored.fingerprint).toBe(certificate.fingerprint);
    expect(restored.number).toBe(certificate.number);
    expect(restored.photos.map((photo) => photo.file_id)).toEqual([photoId]);
    expect((await bytesOf(await restoredOwner(`/api/files/${photoId}`))).equals(before.photo)).toBe(true);
    expect((await bytesOf(await restoredOwner(`/api/files/${signatureId}`))).equals(before.signature)).toBe(true);
    // The PDF cache is not in the backup: the PDF is made again, with the same fingerprint.
    expect(await readdir(path.join(restoredDir, 'files'))).toEqual(['businesses']);
    const pdf = await bytesOf(await restoredOwner(`/api/certificates/${certificate.id}/pdf`));
    expect(await pdfText(pdf)).toContain(certificate.fingerprint);
  }, 180_000);
});
