/**
 * `npm run seed:demo`: fills the database the server uses (DATABASE_URL, or PGlite in DATA_DIR) with the
 * demo company and its owner's account (server/demo/seed-demo.ts). Runs the migrations first.
 * With the embedded PGlite, stop the server first: its folder takes one process at a time.
 */
import { ConfigError, loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { describeSeed, seedDemo } from '../server/demo/seed-demo';

async function main() {
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const result = await seedDemo(db);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
    console.log(`${describeSeed(result)}\n  Banco: ${where}.`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? err.message : `Não foi possível criar os dados de demonstração: ${err}`,
  );
  process.exitCode = 1;
});
