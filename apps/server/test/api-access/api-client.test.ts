import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../api-client/client/index.ts';
import {
  apiAccessCreateToken,
  authSignIn,
  certificatesCreate,
  certificatesGet,
  certificatesList,
  certificatesPdf,
} from '../api-client/index.ts';
import { setUpTestApp } from '../support/app.ts';
import { GOOD_PASSWORD, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';

/**
 * The client any integrator would generate from the published document (@hey-api/openapi-ts,
 * `npm run generate:api-client`, which `npm run typecheck` runs first), driving the main flow over
 * real HTTP with no cast: a Premium member signs in and makes an API token; the program then
 * creates, lists and reads a certificate and downloads its PDF with that token alone (ADR 0054, 0055).
 */
const { app, mail, database } = setUpTestApp();
let baseUrl: string;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

describe('a client generated from the published OpenAPI document', () => {
  it('with an API token, creates, lists and reads a certificate, and downloads its PDF', async () => {
    const account = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, account.user.id);
    const visitor = createClient({ baseUrl });
    const signedIn = await authSignIn({
      client: visitor,
      body: { email: account.user.email, password: GOOD_PASSWORD },
      throwOnError: true,
    });
    const session = signedIn.data;
    const member = createClient({ baseUrl, auth: () => session.access_token });
    const made = await apiAccessCreateToken({
      client: member,
      body: { name: 'Job system', scope: 'read_write', expires_in_days: 30 },
      throwOnError: true,
    });
    expect(made.response.status).toBe(201);
    const apiToken = made.data.secret;
    const client = createClient({ baseUrl, auth: () => apiToken });

    const created = await certificatesCreate({
      client,
      body: completedCertificateBody(session),
      throwOnError: true,
    });
    expect(created.response.status).toBe(201);
    const { id } = created.data;

    const list = await certificatesList({ client, query: { limit: 10 }, throwOnError: true });
    expect(list.data.items.map((item) => item.id)).toEqual([id]);
    expect(list.data.next_cursor).toBeNull();

    const read = await certificatesGet({ client, path: { id }, throwOnError: true });
    expect(read.data).toMatchObject({ id, status: 'completed', job_site_address: '12 Harbour St, Sydney NSW 2000' });

    const pdf = await certificatesPdf({ client, path: { id }, throwOnError: true });
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.data.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const refused = await certificatesList({ client: visitor });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.code).toBe('no_session');
  });
});
