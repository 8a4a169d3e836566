import type { Session } from '@app/contract';
import type { App } from '../../src/app.ts';
import { bearer } from './auth-helpers.ts';

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartBody(file: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----tradecert${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends `file` as `session` in a multipart body, as the web app's uploads do. */
export function uploadFile(
  app: App,
  session: Session,
  route: { method: 'POST' | 'PUT'; url: string },
  file: Buffer,
  { filename = 'upload', contentType = 'image/jpeg' } = {},
) {
  const body = multipartBody(file, filename, contentType);
  return app.inject({ ...route, headers: { ...bearer(session), ...body.headers }, payload: body.payload });
}
