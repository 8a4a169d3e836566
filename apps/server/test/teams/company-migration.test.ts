import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0033_company_on_the_business moves the company columns from `profiles` to `businesses` (ADR 0077,
 * ADR 0078): each business takes its owner's values. A database just before it, filled the way the
 * schema then allowed, is migrated here.
 */
const BEFORE = '0033_company_on_the_business';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);

async function member(email: string, businessId: string, role: 'owner' | 'office'): Promise<string> {
  const { rows } = await run('insert into users (email) values ($1) returning id', [email]);
  await run('insert into memberships (business_id, user_id, role) values ($1, $2, $3)', [businessId, rows[0].id, role]);
  return rows[0].id;
}

const newBusiness = async (): Promise<string> =>
  (await run('insert into businesses default values returning id')).rows[0].id;

const businessOf = async (userId: string) =>
  (
    await run(
      `select b.company_name, b.company_address, b.company_email, b.company_phone, b.company_abn, b.licence_number,
         b.logo_file_id, b.common_materials, b.time_zone
       from businesses b join memberships m on m.business_id = b.id where m.user_id = $1`,
      [userId],
    )
  ).rows[0];

describe(`migration ${BEFORE}`, () => {
  it("gives each business its owner's company profile and leaves each person their own", async () => {
    const harbour = await newBusiness();
    const owner = await member('owner@harbour.example', harbour, 'owner');
    // A second member (none exist yet, but nothing in the schema forbids one) does not speak for the business.
    const office = await member('office@harbour.example', harbour, 'office');
    const { rows: logo } = await run(
      `insert into files (user_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key)
       values ($1, 'logo', 'image/png', 10, 1, 1, 'users/a/logo.png', 'users/a/logo-thumb.png') returning id`,
      [owner],
    );
    const { rows: signature } = await run(
      `insert into files (user_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key)
       values ($1, 'signature', 'image/png', 10, 1, 1, 'users/a/sig.png', 'users/a/sig-thumb.png') returning id`,
      [owner],
    );
    await run(
      `insert into profiles (id, email, company_name, company_address, company_email, company_phone, company_abn,
         licence_number, logo_file_id, common_materials, time_zone, applicator_name, signature_file_id, onboarding_completed)
       values ($1, 'owner@harbour.example', 'Harbour Pty Ltd', '1 Quay St', 'office@harbour.example', '02 9000 0000',
         '51824753556', 'L-123', $2, '{Membrane,Primer}', 'Australia/Perth', 'Pat Owner', $3, true)`,
      [owner, logo[0].id, signature[0].id],
    );
    await run(
      `insert into profiles (id, email, company_name, time_zone, applicator_name)
       values ($1, 'office@harbour.example', 'Not The Business', 'Australia/Darwin', 'Kim Office')`,
      [office],
    );
    const plain = await member('plain@example.com', await newBusiness(), 'owner');
    await run(`insert into profiles (id, email) values ($1, 'plain@example.com')`, [plain]);
    // An owner with no profile (none is made outside sign-up, but nothing in the schema forbids it).
    const bare = await member('bare@example.com', await newBusiness(), 'owner');

    await before.migrateRest();

    const company = {
      company_name: 'Harbour Pty Ltd',
      company_address: '1 Quay St',
      company_email: 'office@harbour.example',
      company_phone: '02 9000 0000',
      company_abn: '51824753556',
      licence_number: 'L-123',
      logo_file_id: logo[0].id,
      common_materials: ['Membrane', 'Primer'],
      time_zone: 'Australia/Perth',
    };
    expect(await businessOf(owner)).toEqual(company);
    expect(await businessOf(office)).toEqual(company);
    const defaults = {
      company_name: null,
      company_address: null,
      company_email: null,
      company_phone: null,
      company_abn: null,
      licence_number: null,
      logo_file_id: null,
      common_materials: [],
      time_zone: 'Australia/Sydney',
    };
    expect(await businessOf(plain)).toEqual(defaults);
    expect(await businessOf(bare)).toEqual(defaults);

    const { rows: people } = await run(
      'select id, email, applicator_name, signature_file_id, onboarding_completed from profiles order by email',
    );
    expect(people).toEqual([
      {
        id: office,
        email: 'office@harbour.example',
        applicator_name: 'Kim Office',
        signature_file_id: null,
        onboarding_completed: false,
      },
      {
        id: owner,
        email: 'owner@harbour.example',
        applicator_name: 'Pat Owner',
        signature_file_id: signature[0].id,
        onboarding_completed: true,
      },
      {
        id: plain,
        email: 'plain@example.com',
        applicator_name: null,
        signature_file_id: null,
        onboarding_completed: false,
      },
    ]);
    // A deleted logo file still clears the business's reference (the foreign key moved with the column).
    await run('delete from files where id = $1', [logo[0].id]);
    expect((await businessOf(owner)).logo_file_id).toBeNull();
  });
});
