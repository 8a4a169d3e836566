import type { CertificateState, CertificateSummary } from '@app/contract';
import type pg from 'pg';
import type { ListPosition } from '../../platform/http/list-cursor.ts';

/**
 * One list row: the summary the API answers with, less the thumbnail's signed URL (the service signs
 * `first_photo_id`), plus the exact position for the next page's cursor.
 */
export type CertificateListRow = Omit<CertificateSummary, 'thumbnail_url'> & {
  first_photo_id: string | null;
  cursor: string;
};

export type ListVariant = { status: boolean; search: boolean; after: boolean };

// Timestamps leave PostgreSQL as the API's ISO text, truncated to milliseconds exactly as a JS Date
// of the same value prints (Date.toISOString), so no row is parsed into a Date and printed back.
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SQL of one filter combination. Written by hand, not through drizzle, because the list is the
 * hottest read (ADR 0014): pg hands back the summary's own fields, with nothing to map per row.
 * Every variant is scoped by business id ($1, ADR 0077) and keyset-paginated on (created_at, id),
 * newest first.
 */
export function listStatementText(variant: ListVariant): string {
  let parameter = 1; // $1 is the business id
  const placeholder = () => `$${++parameter}`;
  // Withdrawn certificates (signed, then deleted) leave the business's list.
  const conditions = ['business_id = $1', 'withdrawn_at is null'];
  if (variant.status) conditions.push(`status = ${placeholder()}`);
  if (variant.search) conditions.push(`job_site_address ilike ${placeholder()}`);
  // Row comparison matches the (business_id, created_at desc, id desc) index.
  if (variant.after) conditions.push(`(created_at, id) < (${placeholder()}::timestamptz, ${placeholder()}::uuid)`);
  // The first photo's id (its thumbnail is signed by the service) and whether anyone signed the
  // version shown (countsAsSignature in platform/documents/signatures.ts; signature_requests_document_idx)
  // come with the row: no query per row.
  return `select id, certificate_number, job_site_address, installation_date::text as installation_date, status,
      standards, jsonb_array_length(photos) as photo_count, photos->0->>'file_id' as first_photo_id, version,
      exists (select 1 from signature_requests
        where document_kind = 'certificate' and document_id = certificates.id and document_version = certificates.version
          and signed_at is not null and set_aside_at is null) as signed,
      ${isoText('created_at')} as created_at, ${isoText('updated_at')} as updated_at, created_at::text as cursor
    from certificates
    where ${conditions.join(' and ')}
    order by certificates.created_at desc, certificates.id desc limit ${placeholder()}`;
}

export type ListParameters = {
  businessId: string;
  limit: number;
  status?: CertificateState | undefined;
  /** An ILIKE pattern, already escaped. */
  pattern?: string | undefined;
  after?: ListPosition | undefined;
};

/**
 * Runs the list as a named statement, parsed and planned once per connection: at most 8 names, one
 * per filter combination.
 */
export async function runListStatement(pool: pg.Pool, parameters: ListParameters): Promise<CertificateListRow[]> {
  const variant = {
    status: parameters.status !== undefined,
    search: parameters.pattern !== undefined,
    after: parameters.after !== undefined,
  };
  const values: unknown[] = [parameters.businessId];
  if (parameters.status !== undefined) values.push(parameters.status);
  if (parameters.pattern !== undefined) values.push(parameters.pattern);
  if (parameters.after) values.push(parameters.after.createdAt, parameters.after.id);
  values.push(parameters.limit);
  const result = await pool.query<CertificateListRow>({ ...listStatement(variant), values });
  return result.rows;
}

const statements = new Map<string, { name: string; text: string }>();
function listStatement(variant: ListVariant) {
  const name = `certificates_list_${Number(variant.status)}${Number(variant.search)}${Number(variant.after)}`;
  const statement = statements.get(name) ?? { name, text: listStatementText(variant) };
  statements.set(name, statement);
  return statement;
}
