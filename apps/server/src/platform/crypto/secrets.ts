import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appSecrets } from './secrets.schema.ts';
import { loadOnce, randomToken } from './tokens.ts';

/**
 * A secret generated at first start and kept in the database (`app_secrets`), so every instance
 * shares it. It is read once per process, on first use (and again only if that read failed): signing
 * a URL or a token never costs a query.
 */
export function storedSecret(db: Queryable, name: string): () => Promise<string> {
  return loadOnce(async () => {
    // One round trip: the value this statement inserts, or the one an earlier start inserted.
    const { rows } = await db.execute<{ value: string }>(sql`
      with inserted as (
        insert into ${appSecrets} (name, value) values (${name}, ${randomToken(48)})
        on conflict (name) do nothing returning value
      )
      select value from inserted
      union all
      select ${appSecrets.value} from ${appSecrets} where ${appSecrets.name} = ${name}
      limit 1`);
    const value = rows[0]?.value;
    if (value === undefined) throw new Error(`secret ${name} missing after insert`);
    return value;
  });
}
