import pino from 'pino';
import { createAppContext } from '../app-context.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createFirstSuperadmin } from '../modules/users/bootstrap.js';

/**
 * `npm run db:seed`: migrates and creates the first superadmin when the database has no users
 * (the same as the first `npm start`), printing the login.
 */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const ctx = await createAppContext(config, database, pino({ level: 'warn' }));
  const admin = await createFirstSuperadmin(ctx);
  if (!admin) process.stdout.write('The database already has users; nothing to seed.\n');
  else
    process.stdout.write(`Superadmin: ${admin.email} / ${admin.generatedPassword ?? '(ADMIN_PASSWORD)'}\n`);
  await ctx.close();
} finally {
  await database.close();
}
