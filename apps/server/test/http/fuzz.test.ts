import { errorResponseSchema, profileTextFields, type Session } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordFigures } from '../reliability/figures.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, GOOD_PASSWORD, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { multipartBody } from '../support/multipart.ts';
import { registeredRoutes } from '../support/routes.ts';
import { addMember } from '../support/teams.ts';

/**
 * PRODUCT.md, Budgets: no 5xx from 10,000 fuzzed requests. Every API route gets malformed, mistyped,
 * oversized, hostile and almost-valid input, with and without a session; every answer must be a
 * client error in the one error shape (or a success), never a 500 or a stack trace.
 * A quarter of the requests are valid ones with one field swapped for a value that looks right to a
 * loose schema but not to the calendar or the database (Feb 31, a dash-only uuid, a forged cursor):
 * random bodies almost never get far enough past validation to reach those.
 */
const REQUESTS = 10_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

let owner: Session;
/** The owner's office and field members (ADR 0077): refused by role, or let through, never a 5xx. */
let office: Session;
let field: Session;
let stranger: Session;
let ownCertificateId: string;
let strangersCertificateId: string;
let ownTemplateId: string;
let strangersTemplateId: string;
let ownWebhookId: string;
let routes: Array<{ method: string; url: string }>;

/** mulberry32: small, seedable, so a failure can be replayed with FUZZ_SEED. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return {
    next,
    pick,
    chance: (probability: number) => next() < probability,
    int: (below: number) => Math.floor(next() * below),
  };
}

const FIELD_NAMES = [
  'id',
  'user_id',
  'status',
  'standards',
  'job_site_address',
  'installation_date',
  'areas',
  'materials_used',
  'additional_info',
  'photos',
  'checklists',
  'materials',
  'product',
  'batch',
  'coats',
  'state_details',
  'lot_and_plan',
  'taken_at',
  'location',
  'latitude',
  'template_id',
  'ncc_edition',
  'entries',
  'photo_ids',
  'template',
  'name',
  'summary',
  'uses_ncc_edition',
  'stages',
  'title',
  'items',
  'kind',
  'label',
  'rule',
  'limits',
  'steepest',
  'flattest',
  'file_id',
  'caption',
  'email',
  'password',
  'code_challenge',
  'auth_code',
  'code_verifier',
  'refresh_token',
  'token_hash',
  'note',
  'review_before_issue',
  'type',
  'redirect_to',
  ...profileTextFields,
  'common_materials',
  'onboarding_completed',
  'interval',
  'return_to',
  'limit',
  'cursor',
  'q',
  'expires',
  'signature',
  'role',
  'records',
  '__proto__',
  'constructor',
];

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const cursorOf = (createdAt: unknown, id: unknown) => base64url(JSON.stringify([createdAt, id]));
const A_UUID = '6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f';
const A_CURSOR = cursorOf('2026-11-15 02:00:00.123456+00', A_UUID);

/** Well-formed to a regex, wrong to the calendar, the uuid type or the cursor decoder. */
const tricky = {
  date: [
    '2026-02-29',
    '2026-02-30',
    '2026-02-31',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-11-00',
    '0000-00-00',
    '0000-01-01',
    '9999-99-99',
    '2024-02-29',
  ],
  uuid: [
    '-'.repeat(36),
    '0123456789abcdef0123456789abcdef----',
    'aaaaaaaa-aaaa-0aaa-8aaa-aaaaaaaaaaaa',
    'aaaaaaaa-aaaa-9aaa-8aaa-aaaaaaaaaaaa',
    'aaaaaaaa-aaaa-4aaa-caaa-aaaaaaaaaaaa',
    '6F1C2A1E-58A3-4A7E-9D1C-0F5B0A1D2E3F',
    '00000000-0000-0000-0000-000000000000',
    A_UUID,
  ],
  cursor: [
    base64url('garbage'),
    base64url('null'),
    base64url('[]'),
    base64url('{"a":1}'),
    cursorOf('2026-13-45 99:99:99+00', A_UUID),
    cursorOf('2026-02-31 00:00:00+00', A_UUID),
    cursorOf('0000-00-00 00:00:00+00', A_UUID),
    cursorOf('2026-11-15 02:00:00+99', A_UUID),
    cursorOf('2026-11-15 ::::.+00', A_UUID),
    cursorOf('2026-11-15 02:00:00.123456+00', '-'.repeat(36)),
    cursorOf('2026-11-15 02:00:00.123456+00', 'aaaaaaaa-aaaa-0aaa-8aaa-aaaaaaaaaaaa'),
    A_CURSOR,
    cursorOf(1e308, null),
    '-'.repeat(200),
  ],
  number: [-1, 0, 1e21, -1e308, 2 ** 63, 'Infinity', '-Infinity', 'NaN', '1e400', '0x10', '1.5', '9'.repeat(400)],
};

function valueMaker(random: ReturnType<typeof randomSource>) {
  const scalars = () => [
    null,
    true,
    false,
    0,
    -1,
    2 ** 53,
    1e308,
    -0.5,
    '',
    ' ',
    'completed',
    'draft',
    'deleted',
    'AS 3740-2021',
    '2026-11-14',
    '2026-02-30',
    '9999-99-99',
    '12 Harbour St, Sydney NSW 2000',
    '51 824 753 556',
    '12345678901',
    'Australia/Sydney',
    'Mars/Olympus_Mons',
    'someone@example.com',
    'not-an-email',
    GOOD_PASSWORD,
    'Zoë Ng-Đặng',
    '\u0000\u0001\uffff',
    '\ud800',
    "' or 1=1 --",
    '%',
    '_',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(100_000),
    ownCertificateId,
    strangersCertificateId,
    ownTemplateId,
    strangersTemplateId,
    crypto.randomUUID(),
    owner.user.id,
    stranger.user.id,
    owner.refresh_token,
    stranger.access_token,
    ...Object.values(tricky).flat(),
  ];
  const value = (depth: number): unknown => {
    const roll = random.next();
    if (depth > 2 || roll < 0.6) return random.pick(scalars());
    if (roll < 0.8) return Array.from({ length: Math.floor(random.next() * 4) }, () => value(depth + 1));
    return object(depth + 1);
  };
  const object = (depth: number): Record<string, unknown> => {
    // No prototype, so "__proto__" and "constructor" are sent as plain keys.
    const result: Record<string, unknown> = Object.create(null);
    const keys = Math.floor(random.next() * 8);
    for (let index = 0; index < keys; index++) {
      const key = random.chance(0.9) ? random.pick(FIELD_NAMES) : `k${Math.floor(random.next() * 1e6)}`;
      result[key] = value(depth);
    }
    return result;
  };
  return { value, object };
}

type Fuzzed = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

type Kind = keyof typeof tricky;
type Template = { method: string; path: string; query?: Record<string, unknown>; body?: Record<string, unknown> };

/** Requests that succeed as they are, and which field of each holds a value of which kind. */
function validTemplates(): Array<{
  template: Template;
  fields: Array<[where: 'path' | 'query' | 'body', key: string, Kind]>;
}> {
  const certificateBody = {
    user_id: owner.user.id,
    status: 'draft',
    standards: ['AS 3740-2021'],
    job_site_address: '12 Harbour St, Sydney NSW 2000',
    installation_date: '2026-11-14',
    areas: 'Ensuite',
    // No photos unless swapped in: a made-up photo would be refused before the insert reached the database.
    photos: [],
  };
  const customTemplateBody = customTemplateRequest(50);
  return [
    {
      template: { method: 'POST', path: '/api/certificates', body: certificateBody },
      fields: [
        ['body', 'installation_date', 'date'],
        ['body', 'photos', 'uuid'],
        ['body', 'user_id', 'uuid'],
      ],
    },
    {
      template: { method: 'PATCH', path: `/api/certificates/${ownCertificateId}`, body: certificateBody },
      fields: [
        ['body', 'installation_date', 'date'],
        ['body', 'photos', 'uuid'],
        ['path', ownCertificateId, 'uuid'],
      ],
    },
    {
      // A checklist whose evidence photo or measured value is swapped (ADR 0037).
      template: { method: 'POST', path: '/api/certificates', body: certificateBody },
      fields: [
        ['body', 'checklist photo', 'uuid'],
        ['body', 'checklist value', 'number'],
        // Structured materials, state details and when and where a photo was taken (ADR 0039).
        ['body', 'material coats', 'number'],
        ['body', 'photo taken at', 'date'],
        ['body', 'photo latitude', 'number'],
        ['body', 'state details date', 'date'],
      ],
    },
    {
      // A custom checklist template whose fall limit, item id or name is swapped (ADR 0038).
      template: { method: 'POST', path: '/api/checklist-templates', body: customTemplateBody },
      fields: [
        ['body', 'template fall', 'number'],
        ['body', 'template item id', 'uuid'],
      ],
    },
    {
      template: { method: 'PUT', path: `/api/checklist-templates/${ownTemplateId}`, body: customTemplateBody },
      fields: [
        ['path', ownTemplateId, 'uuid'],
        ['body', 'template fall', 'number'],
      ],
    },
    {
      // A certificate's checklist naming a custom template: the owner's, another's, or a made-up one.
      template: { method: 'POST', path: '/api/certificates', body: certificateBody },
      fields: [['body', 'custom checklist', 'uuid']],
    },
    {
      template: { method: 'GET', path: '/api/certificates', query: { limit: 5, cursor: A_CURSOR } },
      fields: [
        ['query', 'cursor', 'cursor'],
        ['query', 'limit', 'number'],
      ],
    },
    {
      // The owner's activity view (ADR 0090): a member named by a made-up or tricky id, a forged cursor.
      template: {
        method: 'GET',
        path: '/api/team/activity',
        query: { member: A_UUID, kind: 'certificate', limit: 5, cursor: A_CURSOR },
      },
      fields: [
        ['query', 'member', 'uuid'],
        ['query', 'cursor', 'cursor'],
        ['query', 'limit', 'number'],
      ],
    },
    // "Mine" (ADR 0077): only `me` is a maker a list takes; an id, another's or made up, is refused.
    ...['/api/certificates', '/api/swms'].map((path) => ({
      template: { method: 'GET', path, query: { made_by: 'me', cursor: A_CURSOR } },
      fields: [
        ['query', 'made_by', 'uuid'],
        ['query', 'cursor', 'cursor'],
      ] as Array<['query', string, Kind]>,
    })),
    {
      template: { method: 'GET', path: '/api/gallery', query: { certificate_id: ownCertificateId } },
      fields: [['query', 'certificate_id', 'uuid']],
    },
    {
      template: { method: 'GET', path: `/api/certificates/${ownCertificateId}/pdf`, query: { version: 1 } },
      fields: [
        ['path', ownCertificateId, 'uuid'],
        ['query', 'version', 'number'],
      ],
    },
    {
      template: { method: 'GET', path: `/api/certificates/${ownCertificateId}`, query: { version: 1 } },
      fields: [['query', 'version', 'number']],
    },
    {
      template: { method: 'GET', path: `/api/certificates/${ownCertificateId}/versions` },
      fields: [['path', ownCertificateId, 'uuid']],
    },
    {
      template: {
        method: 'PATCH',
        path: `/api/certificates/${ownCertificateId}`,
        body: { areas: 'Laundry', revision: 0, amendment_reason: 'Fuzzed' },
      },
      fields: [['body', 'revision', 'number']],
    },
    {
      // Turning a webhook endpoint back on and rotating its secret: the owner's, or a made-up id.
      template: { method: 'POST', path: `/api/webhooks/${ownWebhookId}/enable` },
      fields: [['path', ownWebhookId, 'uuid']],
    },
    {
      template: { method: 'POST', path: `/api/webhooks/${ownWebhookId}/rotate-secret` },
      fields: [['path', ownWebhookId, 'uuid']],
    },
    // Review before issue (ADR 0077): the caller's own certificate, a made-up or tricky id; any note.
    {
      template: { method: 'POST', path: `/api/certificates/${ownCertificateId}/submit-for-review` },
      fields: [['path', ownCertificateId, 'uuid']],
    },
    {
      template: { method: 'POST', path: `/api/certificates/${ownCertificateId}/return`, body: { note: 'Fuzzed' } },
      fields: [
        ['path', ownCertificateId, 'uuid'],
        ['body', 'note', 'number'],
      ],
    },
    {
      template: { method: 'PATCH', path: '/api/team/settings', body: { review_before_issue: false } },
      fields: [['body', 'review_before_issue', 'number']],
    },
    // The team (ADR 0077): a member, an invitation or a link named by a made-up, tricky or another's id.
    ...[
      { method: 'PATCH', path: `/api/team/members/${A_UUID}`, body: { role: 'field' } },
      { method: 'DELETE', path: `/api/team/members/${A_UUID}` },
      { method: 'POST', path: `/api/team/invitations/${A_UUID}/resend` },
      { method: 'DELETE', path: `/api/team/invitations/${A_UUID}` },
      { method: 'GET', path: `/api/invitations/${A_UUID}` },
      { method: 'POST', path: `/api/invitations/${A_UUID}/accept`, body: { records: 'discard' } },
    ].map((template) => ({ template, fields: [['path', A_UUID, 'uuid']] as Array<['path', string, Kind]> })),
    {
      template: { method: 'GET', path: `/api/files/${A_UUID}/thumbnail`, query: { expires: 2e9, signature: 'x' } },
      fields: [
        ['path', A_UUID, 'uuid'],
        ['query', 'expires', 'number'],
      ],
    },
  ];
}

/** A custom checklist template with a fall rule and an item id as given. */
const customTemplateRequest = (steepest: unknown, id: unknown = 'fall') => ({
  name: 'Balcony',
  stages: [
    {
      title: 'Falls',
      items: [
        {
          kind: 'measure',
          id,
          label: 'Fall',
          unit: 'ratio',
          rule: { kind: 'fall', limits: { steepest, flattest: 100 } },
        },
      ],
    },
  ],
});

/** `value` in the body where `key` says: a field, a photo, a checklist's evidence photo or measured value, a template's. */
function bodyFieldOf(key: string, value: unknown, random: ReturnType<typeof randomSource>): Record<string, unknown> {
  const checklist = (entry: object) => [{ template_id: 'internal-wet-area', ncc_edition: '2022', entries: entry }];
  if (key === 'template fall') return customTemplateRequest(value);
  if (key === 'template item id') return customTemplateRequest(50, value);
  if (key === 'custom checklist') {
    // A_UUID stands for a real template: the owner's, or another user's.
    const id = value === A_UUID ? random.pick([ownTemplateId, strangersTemplateId]) : value;
    return { checklists: [{ template_id: id, ncc_edition: '2022', entries: { fall: { value: 60 } } }] };
  }
  if (key === 'photos') return { photos: [{ file_id: value, caption: '' }] };
  if (key === 'checklist photo') return { checklists: checklist({ 'substrate-photo': { photo_ids: [value] } }) };
  if (key === 'checklist value') return { checklists: checklist({ 'shower-fall': { value } }) };
  if (key === 'material coats') return { materials: [{ product: 'Membrane', coats: value }] };
  if (key === 'photo taken at') return { photos: [{ file_id: A_UUID, taken_at: `${value}T08:15` }] };
  if (key === 'photo latitude') return { photos: [{ file_id: A_UUID, location: { latitude: value, longitude: 0 } }] };
  if (key === 'state details date') return { state_details: { state: 'QLD', lot_and_plan: value } };
  return { [key]: value };
}

/** A valid request with one field replaced by a tricky value of its kind. */
function almostValidRequest(random: ReturnType<typeof randomSource>): Fuzzed {
  const { template, fields } = random.pick(validTemplates());
  const [where, key, kind] = random.pick(fields);
  const value = random.pick<unknown>(tricky[kind]);
  const body = template.body && { ...template.body };
  const query = { ...template.query };
  let path = template.path;
  if (where === 'path') path = path.replace(key, String(value));
  else if (where === 'query') query[key] = value;
  else if (body) Object.assign(body, bodyFieldOf(key, value, random));
  const search = new URLSearchParams(
    Object.entries(query).map(([name, entry]): [string, string] => [name, String(entry)]),
  ).toString();
  return {
    method: template.method,
    url: search ? `${path}?${search}` : path,
    headers: { ...bearer(owner), ...(body && { 'content-type': 'application/json' }) },
    ...(body && { payload: JSON.stringify(body) }),
  };
}

function fuzzedRequest(random: ReturnType<typeof randomSource>): Fuzzed {
  const { value, object } = valueMaker(random);
  const route = random.pick(routes);
  const method = random.chance(0.9)
    ? route.method
    : random.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
  const parameter = () =>
    random.pick([
      ownCertificateId,
      strangersCertificateId,
      ownTemplateId,
      strangersTemplateId,
      crypto.randomUUID(),
      'not-a-uuid',
      '%00',
      '%E0%A4%A',
      '..%2F..%2Fetc%2Fpasswd',
      'logo',
      'signature',
      'thumbnail',
      encodeURIComponent('Zoë'),
      'a'.repeat(5_000),
      ...tricky.uuid,
    ]);
  let url = route.url.replace(/:[A-Za-z_]+/g, parameter);
  if (random.chance(0.5)) {
    const query = new URLSearchParams();
    for (const [key, entry] of Object.entries(object(1)))
      query.append(key, typeof entry === 'string' ? entry : JSON.stringify(entry));
    url += `?${query.toString()}`;
  }

  const headers: Record<string, string> = {};
  // Sign-out and password changes with a member's real session would end it for the rest of the run.
  const endsSessions = /signout|password/.test(route.url);
  const authorization = random.pick([
    endsSessions ? undefined : bearer(owner).authorization,
    endsSessions ? undefined : bearer(owner).authorization,
    endsSessions ? undefined : bearer(office).authorization,
    endsSessions ? undefined : bearer(field).authorization,
    bearer(stranger).authorization,
    'Bearer not-a-token',
    `Bearer ${owner.access_token.slice(0, -4)}abcd`,
    'Basic dXNlcjpwYXNz',
    undefined,
  ]);
  if (authorization) headers.authorization = authorization;
  if (random.chance(0.05)) headers['x-request-id'] = random.pick(['', '../../', 'x'.repeat(200), '\u00e9']);

  if (method === 'GET' || method === 'HEAD' || random.chance(0.1)) return { method, url, headers };
  const shape = random.next();
  if (shape < 0.6) {
    headers['content-type'] = 'application/json';
    return { method, url, headers, payload: JSON.stringify(random.chance(0.9) ? object(0) : value(0)) };
  }
  if (shape < 0.75) {
    headers['content-type'] = 'application/json';
    return { method, url, headers, payload: random.pick(['{', '{"a":}', 'null', '"text"', '[]', '\u0000', '']) };
  }
  if (shape < 0.9) {
    headers['content-type'] = random.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'image/jpeg',
    ]);
    return { method, url, headers, payload: random.pick(['hello', '--x\r\n\r\n--x--', 'a=1&b=2', '\xff\xd8\xff']) };
  }
  const boundary = 'fuzzboundary';
  headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  return {
    method,
    url,
    headers,
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${random.pick(['\xff\xd8\xff\xe0 truncated', 'not an image', '', ...pdfLikes])}\r\n--${boundary}--\r\n`,
      'latin1',
    ),
  };
}

const { database, mail, app, query } = setUpTestApp();

/** Uploads that look like a sealed PDF to a quick reader (POST /api/verify/pdf, ADR 0041). */
const pdfLikes = [
  '%PDF-1.7\n',
  '%PDF-1.7\n1 0 obj << /ByteRange [0 10 20 30] /Contents <3082> >> endobj',
  '%PDF-1.7\n1 0 obj << /ByteRange [0 9999999999 1 1] /Contents <zz> >> endobj',
  '%PDF-1.7\n/ByteRange [0 12 14 0]<>',
  `%PDF-1.7\nobj /ByteRange [0 38 ${38 + 12} 7]<308006092A864886F7>endobj\n`,
];

async function createCustomTemplate(session: Session): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/checklist-templates',
    headers: bearer(session),
    payload: customTemplateRequest(50),
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  stranger = await registerConfirmedUser(app, mail);
  office = await addMember(app, mail, database.db, owner, 'office');
  field = await addMember(app, mail, database.db, owner, 'field');
  for (const member of [owner, office, field]) await grantPremium(database.db, member.user.id);
  ownCertificateId = await createCompletedCertificate(app, owner);
  strangersCertificateId = await createCompletedCertificate(app, stranger);
  await grantPremium(database.db, stranger.user.id);
  ownTemplateId = await createCustomTemplate(owner);
  strangersTemplateId = await createCustomTemplate(stranger);
  await grantPremium(database.db, stranger.user.id, new Date(Date.now() - 1000));
  // Straight into the table: registering checks the address, and nothing here may be sent anywhere.
  const { rows } = await query(
    `insert into webhook_endpoints (business_id, user_id, url, events, disabled_at)
       select business_id, user_id, 'https://127.0.0.1/hook', '{certificate.issued}', now() from memberships where user_id = $1 returning id`,
    [owner.user.id],
  );
  ownWebhookId = rows[0].id;
  // Every API route the app registered, so new routes are fuzzed too.
  routes = registeredRoutes(app).filter(({ method, url }) => method !== 'HEAD' && url.startsWith('/api/'));
}, 60_000);

describe('fuzzed API requests', () => {
  it('finds the routes to fuzz', () => {
    expect(routes).toContainEqual({ method: 'POST', url: '/api/certificates' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/api/profile' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/api/certificates/:id' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/certificates/:id/pdf' });
    expect(routes).toContainEqual({ method: 'PUT', url: '/api/checklist-templates/:id' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/verify/pdf' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/verify/seal-root' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/webhooks/:id/rotate-secret' });
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses text with a null character (PostgreSQL cannot store it) as a field error, not a 500', async () => {
    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(owner),
      payload: { company_name: 'Tiles\u0000 Pty Ltd' },
    });
    expect(profile.statusCode).toBe(400);
    expect(errorResponseSchema.parse(profile.json()).error.details).toEqual([
      { path: 'company_name', message: expect.stringContaining('null character') },
    ]);
    const search = await app.inject({ url: '/api/certificates?q=%00', headers: bearer(owner) });
    expect(search.statusCode).toBe(400);
    const tooLong = await app.inject({ url: `/api/certificates/${'a'.repeat(500)}`, headers: bearer(owner) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorResponseSchema.parse(tooLong.json()).error.code).toBe('validation_failed');
  });

  it('checks sealed PDFs changed at random without a 5xx, and never calls a changed one genuine', {
    timeout: 120_000,
  }, async (context) => {
    const sealed = (await app.inject({ url: `/api/certificates/${ownCertificateId}/pdf` })).rawPayload;
    const random = randomSource(SEED);
    const failures: string[] = [];
    for (let index = 0; index < 150; index++) {
      const copy = Buffer.from(sealed);
      const change = random.next();
      let mutated: Buffer;
      if (change < 0.4) {
        const at = random.int(copy.length);
        copy[at] = (copy[at] ?? 0) ^ (1 + random.int(255));
        mutated = copy;
      } else if (change < 0.6) {
        mutated = copy.subarray(0, random.int(copy.length));
      } else {
        // Somewhere near the seal's own dictionary: its byte range, contents or reason.
        const around = copy.lastIndexOf('/ByteRange') + random.int(200) - 100;
        copy[around] = random.pick([0x30, 0x39, 0x20, 0x5b, 0x5d, 0x3c, 0x3e, 0x28]);
        mutated = copy;
      }
      if (mutated.equals(sealed)) continue;
      // The CMS envelope (inside /Contents) has parts no signature covers, e.g. the root certificate,
      // as in every PAdES signature: a change there must only never break the server.
      const firstChange = mutated.findIndex((byte, at) => byte !== sealed[at]);
      const inEnvelope = firstChange > sealed.lastIndexOf('/Contents <') && firstChange < sealed.lastIndexOf('/M (D:');
      const body = multipartBody(mutated, 'changed.pdf', 'application/pdf');
      const response = await app.inject({
        method: 'POST',
        url: '/api/verify/pdf',
        headers: body.headers,
        payload: body.payload,
        remoteAddress: `192.0.2.${index % 200}`,
      });
      if (response.statusCode >= 500)
        failures.push(`#${index} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      else if (!inEnvelope && response.statusCode === 200 && response.json().result === 'genuine') {
        failures.push(`#${index} genuine (first change at ${firstChange})`);
      }
    }
    recordFigures(context, { serverErrors: failures.filter((line) => line.includes('→ 5')).length });
    expect(failures).toEqual([]);
  });

  it(`answers ${REQUESTS} fuzzed requests without a 5xx, always in the error shape`, {
    timeout: 600_000,
  }, async (context) => {
    const random = randomSource(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let index = 0; index < REQUESTS; index++) {
      const request = random.chance(0.25) ? almostValidRequest(random) : fuzzedRequest(random);
      const response = await app.inject(request);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const describeRequest = () =>
        `#${index} ${request.method} ${request.url.slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      if (response.statusCode >= 500) failures.push(describeRequest());
      else if (response.statusCode >= 400 && request.method !== 'HEAD') {
        const parsed = errorResponseSchema.safeParse(response.json());
        if (!parsed.success || /\bat .+:\d+:\d+/.test(response.body)) failures.push(`shape: ${describeRequest()}`);
      }
    }
    const serverErrors = [...statuses].reduce((sum, [status, count]) => sum + (status >= 500 ? count : 0), 0);
    recordFigures(context, { fuzzedRequests: REQUESTS, serverErrors });
    // The mix must reach past validation into the services, or the run proves little.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 50);
    expect(failures.slice(0, 20), `${failures.length} failures with FUZZ_SEED=${SEED}`).toEqual([]);
  });
});
