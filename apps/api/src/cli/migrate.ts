import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

/** `npm run db:migrate`: applies the SQL migrations in `drizzle/` (the server also does this at start). */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
} finally {
  await database.close();
}
