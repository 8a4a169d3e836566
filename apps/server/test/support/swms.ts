import { type CoverSheet, emptySwmsBody, type Session, type Swms, type SwmsBody } from '@app/contract';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';

/** A SWMS body with nothing required missing: a SWMS saved with it is ready. */
export const readySwmsBody = (): SwmsBody => ({
  ...emptySwmsBody(),
  title: 'Balcony membrane, Level 3',
  work_location: '12 Harbour St, Sydney NSW 2000',
  scope_of_work: 'Prime and apply two coats of membrane to the balcony.',
  person_responsible: 'Sam Supervisor',
  hrcw_categories: ['fall_over_2m'],
  steps: [
    {
      description: 'Grind the screed high spots',
      hazards: 'Silica dust from grinding',
      initial_risk: { likelihood: 'likely', consequence: 'major' },
      controls: [{ level: 'engineering', text: 'Shrouded grinder with M-class extraction' }],
      residual_risk: { likelihood: 'unlikely', consequence: 'moderate' },
      responsible: 'Applicator',
    },
  ],
  ppe: ['P2 respirator, fit-tested'],
  emergency_procedures: 'Call 000, then the supervisor.',
});

/** Creates a SWMS of `session`'s user through the API and saves it ready (version 1). */
export async function createReadySwms(app: App, session: Session, title = 'Balcony membrane, Level 3'): Promise<Swms> {
  const headers = { authorization: `Bearer ${session.access_token}` };
  const created = await app.inject({ method: 'POST', url: '/api/swms', headers, payload: {} });
  expect(created.statusCode).toBe(201);
  const { id, revision } = created.json() as Swms;
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/swms/${id}`,
    headers,
    payload: { revision, body: { ...readySwmsBody(), title } },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

/**
 * Creates a cover sheet of `session`'s user in front of `swmsId` and saves it ready (version 1): the
 * profile's business block plus the principal contractor it needs.
 */
export async function createReadyCoverSheet(app: App, session: Session, swmsId: string): Promise<CoverSheet> {
  const headers = { authorization: `Bearer ${session.access_token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/cover-sheets',
    headers,
    payload: { swms_ids: [swmsId] },
  });
  const { id, revision, body } = created.json() as CoverSheet;
  const ready = await app.inject({
    method: 'PUT',
    url: `/api/cover-sheets/${id}`,
    headers,
    payload: {
      revision,
      body: { ...body, principal_contractor: { ...body.principal_contractor, company: 'Harbourside Builders' } },
    },
  });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toMatchObject({ status: 'ready' });
  return ready.json() as CoverSheet;
}
