import type { CertificateState, CertificateSummary } from '@app/contract';
import type pg from 'pg';
import type { ListPosition } from '../../platform/http/list-cursor.ts';

/**
 * One list row: the summary the API answers with (its thumbnail_url null until the service signs
 * `first_photo_id` into it), plus the exact position for the next page's cursor. The row is answered
 * as read: the serializer writes the contract's fields only (ADR 0101).
 */
export type CertificateListRow = CertificateSummary & {
  first_photo_id: string | null;
  cursor: string;
};

export type ListVariant = { status: boolean; search: boolean; madeBy: boolean; after: boolean };

// Timestamps leave PostgreSQL as the API's ISO text, truncated to milliseconds exactly as a JS Date
// of the same value prints (Date.toISOString), so no row is parsed into a Date and printed back.
// `standards` leaves as json, read by the native JSON.parse rather than pg's text[] parser in JS (ADR 0101).
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SQL of one filter combination. Written by hand, not through drizzle, because the list is the
 * hottest read (ADR 0014): pg hands back the summary's own fields, with nothing to map per row.
 * Every variant is scoped by business id ($1, ADR 0077) and keyset-paginated on (created_at, id),
 * newest first; "Mine" adds the maker, which certificates_business_maker_created_idx serves.
 */
export function listStatementText(variant: ListVariant): string {
  let parameter = 1; // $1 is the business id
  const placeholder = () => `$${++parameter}`;
  // Withdrawn certificates (signed, then deleted) leave the business's list.
  const conditions = ['certificates.business_id = $1', 'certificates.withdrawn_at is null'];
  if (variant.status) conditions.push(`certificates.status = ${placeholder()}`);
  if (variant.search) conditions.push(`certificates.job_site_address ilike ${placeholder()}`);
  if (variant.madeBy) conditions.push(`certificates.user_id = ${placeholder()}`);
  // Row comparison matches the (business_id, [user_id,] created_at desc, id desc) indexes.
  if (variant.after)
    conditions.push(
      `(certificates.created_at, certificates.id) < (${placeholder()}::timestamptz, ${placeholder()}::uuid)`,
    );
  // The first photo's id (its thumbnail is signed by the service) and whether anyone signed the
  // version shown (countsAsSignature in platform/documents/signatures.ts; signature_requests_document_idx)
  // come with the row: no query per row. So does the maker, by primary key: their printed name,
  // else their address; null once their account is gone (its user_id was set null).
  return `select certificates.id, certificates.certificate_number, certificates.job_site_address,
      certificates.installation_date::text as installation_date, certificates.status, to_json(certificates.standards) as standards,
      jsonb_array_length(certificates.photos) as photo_count, certificates.photos->0->>'file_id' as first_photo_id,
      null::text as thumbnail_url, certificates.version,
      exists (select 1 from signature_requests
        where document_kind = 'certificate' and document_id = certificates.id and document_version = certificates.version
          and signed_at is not null and set_aside_at is null) as signed,
      case when maker.id is null then null
        else json_build_object('user_id', maker.id, 'name', coalesce(nullif(maker_profile.applicator_name, ''), maker.email))
      end as made_by,
      ${isoText('certificates.created_at')} as created_at, ${isoText('certificates.updated_at')} as updated_at,
      certificates.created_at::text as cursor
    from certificates
      left join users maker on maker.id = certificates.user_id
      left join profiles maker_profile on maker_profile.id = certificates.user_id
    where ${conditions.join(' and ')}
    order by certificates.created_at desc, certificates.id desc limit ${placeholder()}`;
}

export type ListParameters = {
  businessId: string;
  limit: number;
  status?: CertificateState | undefined;
  /** An ILIKE pattern, already escaped. */
  pattern?: string | undefined;
  /** Only this member's records ("Mine"). */
  makerId?: string | undefined;
  after?: ListPosition | undefined;
};

/**
 * Runs the list as a named statement, parsed and planned once per connection: at most 16 names, one
 * per filter combination.
 */
export async function runListStatement(pool: pg.Pool, parameters: ListParameters): Promise<CertificateListRow[]> {
  const values: unknown[] = [parameters.businessId];
  if (parameters.status !== undefined) values.push(parameters.status);
  if (parameters.pattern !== undefined) values.push(parameters.pattern);
  if (parameters.makerId !== undefined) values.push(parameters.makerId);
  if (parameters.after) values.push(parameters.after.createdAt, parameters.after.id);
  values.push(parameters.limit);
  const { name, text } = listStatements[
    (Number(parameters.status !== undefined) << 3) |
      (Number(parameters.pattern !== undefined) << 2) |
      (Number(parameters.makerId !== undefined) << 1) |
      Number(parameters.after !== undefined)
  ] as ListStatement;
  const result = await pool.query<ListColumns>({ name, text, values, rowMode: 'array' });
  return result.rows.map(listRow);
}

/** A list row as pg reads it in array mode: the statement's columns, in its select order. */
type ListColumns = [
  id: string,
  certificate_number: string | null,
  job_site_address: string,
  installation_date: string | null,
  status: CertificateListRow['status'],
  standards: string[],
  photo_count: number,
  first_photo_id: string | null,
  thumbnail_url: null,
  version: number,
  signed: boolean,
  made_by: CertificateListRow['made_by'],
  created_at: string,
  updated_at: string,
  cursor: string,
];

// pg's object rows are spread from a prototype-less template and filled by column name, which V8 runs
// on its slow, megamorphic paths; one literal gives every row the same shape (ADR 0102).
const listRow = (columns: ListColumns): CertificateListRow => ({
  id: columns[0],
  certificate_number: columns[1],
  job_site_address: columns[2],
  installation_date: columns[3],
  status: columns[4],
  standards: columns[5],
  photo_count: columns[6],
  first_photo_id: columns[7],
  thumbnail_url: columns[8],
  version: columns[9],
  signed: columns[10],
  made_by: columns[11],
  created_at: columns[12],
  updated_at: columns[13],
  cursor: columns[14],
});

type ListStatement = { name: string; text: string };
const flags = [false, true];
/**
 * Every filter combination's statement, written once at start rather than named per request
 * (ADR 0101); indexed by its flags as bits: status 8, search 4, maker 2, after 1.
 */
const listStatements: ListStatement[] = flags.flatMap((status) =>
  flags.flatMap((search) =>
    flags.flatMap((madeBy) =>
      flags.map((after) => {
        const variant = { status, search, madeBy, after };
        return {
          name: `certificates_list_${Object.values(variant).map(Number).join('')}`,
          text: listStatementText(variant),
        };
      }),
    ),
  ),
);
