import type { DatabaseBefore } from './migrations.ts';

type Run = DatabaseBefore['run'];

/**
 * Businesses, members and SWMS or cover-sheet versions written straight into a database migrated
 * only so far, for the migrations that freeze letterheads (ADR 0088), and what they should freeze.
 */
export function letterheadsBefore(run: Run) {
  const idOf = async (text: string, values: unknown[] = []) => (await run(text, values)).rows[0].id as string;

  const imageOf = (businessId: string, purpose: 'logo' | 'signature') =>
    idOf(
      `insert into files (business_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key)
       values ($1, $2, 'image/png', 1, 1, 1, gen_random_uuid()::text, gen_random_uuid()::text) returning id`,
      [businessId, purpose],
    );

  /** A member of `businessId` as `role`, named `name`, with their own signature. */
  async function person(businessId: string, role: string, name: string) {
    const userId = await idOf('insert into users (email) values (gen_random_uuid()::text) returning id');
    await run('insert into memberships (business_id, user_id, role) values ($1, $2, $3)', [businessId, userId, role]);
    const signature = await imageOf(businessId, 'signature');
    await run('insert into profiles (id, applicator_name, signature_file_id) values ($1, $2, $3)', [
      userId,
      name,
      signature,
    ]);
    return { userId, signature };
  }

  /** A business named `name` with a logo, whose owner is named `ownerName` and has a signature. */
  async function business(name: string, ownerName: string) {
    const businessId = await idOf('insert into businesses default values returning id');
    const logo = await imageOf(businessId, 'logo');
    await run(
      `update businesses set company_name = $2, company_abn = '51824753556', company_address = '1 Wharf Rd',
         company_phone = '02 9000 0000', company_email = 'office@example.com', logo_file_id = $3,
         time_zone = 'Australia/Perth' where id = $1`,
      [businessId, name, logo],
    );
    const owner = await person(businessId, 'owner', ownerName);
    return { businessId, logo, owner };
  }

  /** A SWMS or cover sheet made by `makerId` (null: their account is gone), with `versions` of its own. */
  async function documentOf(kind: string, businessId: string, makerId: string | null, versions: number) {
    const id = await idOf(
      `insert into safety_documents (business_id, user_id, kind, number, current_version)
       values ($1, $2, $3, gen_random_uuid()::text, $4) returning id`,
      [businessId, makerId, kind, versions],
    );
    for (let version = 1; version <= versions; version++) {
      await run(
        `insert into document_versions (document_id, version, kind, business_id, user_id, body, fingerprint)
         values ($1, $2, $3, $4, $5, '{}', 'f')`,
        [id, version, kind, businessId, makerId],
      );
    }
    return id;
  }

  const issuerOf = async (id: string, version: number) =>
    (await run('select issuer from document_versions where document_id = $1 and version = $2', [id, version])).rows[0]
      .issuer;

  /** The letterhead a business made by `business` prints, naming `applicatorName` with `signature`. */
  const letterhead = (name: string, logo: string, applicatorName: string, signature: string) => ({
    company_name: name,
    company_abn: '51824753556',
    company_address: '1 Wharf Rd',
    company_phone: '02 9000 0000',
    company_email: 'office@example.com',
    logo_file_id: logo,
    applicator_name: applicatorName,
    signature_file_id: signature,
    time_zone: 'Australia/Perth',
  });

  return { idOf, person, business, documentOf, issuerOf, letterhead };
}
