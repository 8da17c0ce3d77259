import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url));

/**
 * Brings `db` to the schema as it was before migration `number` ("043"): the migrations before it
 * only, so a test can write rows of that time and then check what `migrate(db)` makes of them.
 */
export async function migrateBefore(db: Db, number: string): Promise<void> {
  const earlier = await mkdtemp(join(tmpdir(), `fechai-before-${number}-`));
  try {
    for (const file of await readdir(migrationsDir)) {
      if (/^\d{3}_[\w-]+\.sql$/.test(file) && file < number)
        await cp(join(migrationsDir, file), join(earlier, file));
    }
    await migrate(db, earlier);
  } finally {
    await rm(earlier, { recursive: true, force: true });
  }
}
