import { emptySwmsBody, type Session, type Swms } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { recordFigures } from './figures.ts';

/**
 * Races the rules must hold under (ADR 0047): the free tier's monthly limit under a burst of
 * completed certificates, and autosaves of one document from one revision. Signing against saving
 * is signing-concurrency.test.ts.
 */
const ROUNDS = 3;

const { mail, app, query } = setUpTestApp();

const createCompleted = (user: Session) =>
  app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(user),
    payload: completedCertificateBody(user),
  });

describe('races', () => {
  it('the monthly limit: 20 completed certificates at once at 4 of 5 make exactly one more', async (context) => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await registerConfirmedUser(app, mail);
      for (let index = 0; index < 4; index++) expect((await createCompleted(user)).statusCode).toBe(201);
      const statuses = (await Promise.all(Array.from({ length: 20 }, () => createCompleted(user)))).map(
        (response) => response.statusCode,
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 403)).toHaveLength(19);
      const { rows } = await query(
        `select count(*)::int as n from certificates where user_id = $1 and status = 'completed'`,
        [user.user.id],
      );
      expect(rows[0].n).toBe(5);
    }
    recordFigures(context, { racesHeld: 1 });
  });

  it('autosave: saves racing from one revision leave one winner and its content stored', async (context) => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await registerConfirmedUser(app, mail);
      const created = await app.inject({ method: 'POST', url: '/api/swms', headers: bearer(user), payload: {} });
      const swms = created.json() as Swms;
      const titles = ['A', 'B', 'C', 'D', 'E'];
      const saves = await Promise.all(
        titles.map((title) =>
          app.inject({
            method: 'PUT',
            url: `/api/swms/${swms.id}`,
            headers: bearer(user),
            payload: { revision: swms.revision, body: { ...emptySwmsBody(), title } },
          }),
        ),
      );
      const statuses = saves.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(titles.length - 1);
      const winner = saves.find((response) => response.statusCode === 200)?.json() as Swms;
      const stored = (await app.inject({ url: `/api/swms/${swms.id}`, headers: bearer(user) })).json() as Swms;
      expect(stored).toMatchObject({ revision: winner.revision, body: { title: winner.body.title } });
    }
    recordFigures(context, { racesHeld: 1 });
  });
});
