import type { Session } from '@app/contract';

/** A valid body for `POST /api/certificates`: a completed certificate of `session`'s user. */
export function completedCertificateBody(session: Session, extra: Record<string, unknown> = {}) {
  return {
    user_id: session.user.id,
    status: 'completed',
    standards: ['AS 3740-2021'],
    job_site_address: '12 Harbour St, Sydney NSW 2000',
    installation_date: '2026-11-14',
    areas: 'Ensuite',
    materials_used: 'Ardex WPM 300',
    ...extra,
  };
}
