import type { Session } from '@app/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { uploadFile } from './multipart.ts';

/** What `POST /api/certificates` needs for a completed certificate, but its owner's user_id. */
export const completedCertificateFields = {
  status: 'completed' as const,
  standards: ['AS 3740-2021'],
  job_site_address: '12 Harbour St, Sydney NSW 2000',
  installation_date: '2026-11-14',
  areas: 'Ensuite',
  materials_used: 'Ardex WPM 300',
};

/** A valid body for `POST /api/certificates`: a completed certificate of `session`'s user. */
export function completedCertificateBody(session: Session, extra: Record<string, unknown> = {}) {
  return { user_id: session.user.id, ...completedCertificateFields, ...extra };
}

/** `POST /api/certificates` as `session`: a completed certificate of theirs, with `extra` fields. */
export function postCertificate(app: App, session: Session, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: { authorization: `Bearer ${session.access_token}` },
    payload: completedCertificateBody(session, extra),
  });
}

/** Creates a completed certificate of `session`'s user through the API; answers its id. */
export async function createCompletedCertificate(app: App, session: Session): Promise<string> {
  const response = await postCertificate(app, session);
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

/**
 * `PATCH /api/certificates/:id` as a client that has just read it: from its current revision,
 * unless `payload` names one (a stale save). For another user's or an unknown id, revision 0.
 */
export async function patchCertificate(app: App, session: Session, id: string, payload: object) {
  const headers = { authorization: `Bearer ${session.access_token}` };
  const read = await app.inject({ url: `/api/certificates/${id}`, headers });
  const revision = read.statusCode === 200 ? (read.json() as { revision: number }).revision : 0;
  return app.inject({
    method: 'PATCH',
    url: `/api/certificates/${id}`,
    headers,
    payload: { revision, ...payload },
  });
}

/** A small JPEG uploaded as `session` to `POST /api/certificates/photos`; answers its file id. */
export async function uploadCertificatePhoto(app: App, session: Session): Promise<string> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  const response = await uploadFile(app, session, { method: 'POST', url: '/api/certificates/photos' }, jpeg);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { file_id: string }).file_id;
}
