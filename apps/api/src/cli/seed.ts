import { parseArgs } from 'node:util';
import pino from 'pino';
import { createAppContext } from '../app-context.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { randomToken } from '../lib/crypto.js';
import { seedDemo } from '../modules/demo/seed-demo.js';
import { createFirstSuperadmin } from '../modules/users/bootstrap.js';

/**
 * `npm run db:seed`: migrates and creates the first superadmin when the database has no users (the
 * same as the first `npm start`). `-- --demo` adds a demo portfolio (buildings, units, doors,
 * managers, residents); `--password <p>` sets the demo accounts' password, else one is generated.
 * Prints every login it creates.
 */
const { values: flags } = parseArgs({
  options: { demo: { type: 'boolean', default: false }, password: { type: 'string' } },
});
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const ctx = await createAppContext(config, database, pino({ level: 'warn' }));
  const admin = await createFirstSuperadmin(ctx);
  if (admin)
    process.stdout.write(`Superadmin: ${admin.email} / ${admin.generatedPassword ?? '(ADMIN_PASSWORD)'}\n`);
  else process.stdout.write('The database already has a superadmin.\n');

  if (flags.demo) {
    const password = flags.password ?? randomToken(12);
    const logins = await seedDemo(ctx, password);
    if (!logins) process.stdout.write('The demo data is already there.\n');
    else {
      process.stdout.write(`\nDemo accounts (password for all: ${password}):\n`);
      for (const login of logins) process.stdout.write(`  ${login.email.padEnd(36)} ${login.role}\n`);
    }
  }
  await ctx.close();
} finally {
  await database.close();
}
