import type { Reference } from './openapi-document.ts';

/** Headers an operation's answer carries besides the usual, by operationId and status. */
export const RESPONSE_HEADERS: Readonly<Record<string, Readonly<Record<number, Record<string, Reference>>>>> = {
  authSignIn: { 200: { 'Set-Cookie': { $ref: '#/components/headers/SetDeviceCookie' } } },
  authExchangeCode: { 200: { 'Set-Cookie': { $ref: '#/components/headers/SetDeviceCookie' } } },
  documentSendsOpen: { 303: { Location: { $ref: '#/components/headers/Location' } } },
};

type OperationExamples = {
  /** A value of each path or query parameter named. */
  parameters?: Readonly<Record<string, unknown>>;
  request?: unknown;
  responses?: Readonly<Record<number, unknown>>;
};

/** Examples of the main operations' requests and answers, by operationId (real answers of a test run, tidied). */
const certificate = {
  id: '3ceb0e43-1651-4eb0-8141-e890a63bba17',
  user_id: '7f1c2a4e-5b3d-4c6e-9a8b-1d2e3f405162',
  certificate_number: 'WPC-2026-0001',
  standards: ['AS 3740-2021'],
  job_site_address: '12 Harbour St, Sydney NSW 2000',
  installation_date: '2026-11-14',
  areas: 'Ensuite',
  materials_used: 'Ardex WPM 300',
  materials: [],
  state_details: null,
  additional_info: '',
  photos: [],
  checklists: [],
  status: 'completed',
  applicator: {
    company_name: 'Harbour Waterproofing Pty Ltd',
    company_address: '4 Wharf Rd, Balmain NSW 2041',
    company_phone: '02 9555 0100',
    company_email: 'office@harbourwaterproofing.example',
    company_abn: '51 824 753 556',
    licence_number: '123456C',
    applicator_name: 'Sam Nguyen',
    logo_url: null,
    signature_url: null,
  },
  completed_at: '2026-11-26T09:47:18.627Z',
  created_at: '2026-11-26T09:47:18.572Z',
  updated_at: '2026-11-26T09:47:18.572Z',
  is_owner: true,
  fingerprint: '3a1faf4355cbbc1b7475030245c3af06feceac635b050ab37ba261c597f307d1',
  version: 1,
  amended_at: null,
  amendment_reason: null,
  review_note: null,
  revision: 0,
  verdict: {
    status: 'current',
    superseded_by: null,
    withdrawn_at: null,
  },
};

export const OPERATION_EXAMPLES: Readonly<Record<string, OperationExamples>> = {
  authSignIn: {
    request: {
      email: 'office@harbourwaterproofing.example',
      password: 'harbour-trowel-magnet-47',
    },
    responses: {
      200: {
        access_token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI3ZjFjMmE0ZSJ9.c2lnbmF0dXJl',
        token_type: 'bearer',
        expires_in: 900,
        expires_at: 1795687338,
        refresh_token: 'V30Cjqfu5eM3tSEqC0EXIhnx-OlWFbWZixlaJ6jJi7U',
        user: {
          id: '7f1c2a4e-5b3d-4c6e-9a8b-1d2e3f405162',
          email: 'office@harbourwaterproofing.example',
          email_confirmed_at: '2026-11-26T09:47:17.509Z',
          created_at: '2026-11-26T09:47:16.456Z',
        },
        recovery: false,
      },
    },
  },
  certificatesCreate: {
    request: {
      user_id: '7f1c2a4e-5b3d-4c6e-9a8b-1d2e3f405162',
      status: 'completed',
      standards: ['AS 3740-2021'],
      job_site_address: '12 Harbour St, Sydney NSW 2000',
      installation_date: '2026-11-14',
      areas: 'Ensuite',
      materials_used: 'Ardex WPM 300',
    },
    responses: { 201: certificate },
  },
  certificatesList: {
    responses: {
      200: {
        items: [
          {
            id: '3ceb0e43-1651-4eb0-8141-e890a63bba17',
            certificate_number: 'WPC-2026-0001',
            job_site_address: '12 Harbour St, Sydney NSW 2000',
            installation_date: '2026-11-14',
            status: 'completed',
            standards: ['AS 3740-2021'],
            photo_count: 0,
            thumbnail_url: null,
            version: 1,
            signed: false,
            made_by: { user_id: '7f1c2a4e-5b3d-4c6e-9a8b-1d2e3f405162', name: 'Sam Nguyen' },
            created_at: '2026-11-26T09:47:18.572Z',
            updated_at: '2026-11-26T09:47:18.572Z',
          },
        ],
        next_cursor: null,
      },
    },
  },
  certificatesGet: { parameters: { id: certificate.id }, responses: { 200: certificate } },
  certificatesPdf: { parameters: { id: certificate.id } },
};
