import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.js';
import { createAppContext } from './app-context.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { scheduleRetention } from './modules/activity/retention.js';
import { scheduleAssetCleanup } from './modules/assets/cleanup.js';
import { scheduleOAuth2Cleanup } from './modules/oauth2/cleanup.js';
import { scheduleSaltoKsImport } from './modules/saltoks/entries-import.js';
import { createFirstSuperadmin } from './modules/users/bootstrap.js';

/** `npm start`: migrate, make sure someone can sign in, then serve the API and the web app. */
async function main() {
  const config = loadConfig();
  const pretty = process.stdout.isTTY === true && config.env !== 'production';
  const logOptions = loggerOptions(config.logLevel, pretty);
  const bootLog = pino(typeof logOptions === 'object' ? logOptions : {});

  const database = await openDatabase(config);
  bootLog.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database open',
  );
  await database.migrate();

  const ctx = await createAppContext(config, database, bootLog);
  const admin = await createFirstSuperadmin(ctx);
  if (admin?.generatedPassword) {
    // Printed once, on purpose outside the structured log so it is easy to find and copy.
    process.stdout.write(
      `\n  First superadmin created. Sign in with:\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n  ` +
        'Change the password on the Profile page. This password is not shown again.\n\n',
    );
  } else if (admin) {
    bootLog.info({ email: admin.email }, 'first superadmin created from ADMIN_EMAIL/ADMIN_PASSWORD');
  }

  const app = await buildApp(ctx, { logger: logOptions });
  const stopRetention = scheduleRetention(ctx, app.log);
  const stopAssetCleanup = scheduleAssetCleanup(ctx, app.log);
  const stopOAuth2Cleanup = scheduleOAuth2Cleanup(ctx, app.log);
  const stopSaltoKsImport = scheduleSaltoKsImport(ctx, app.log);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // In-flight requests finish first, then the database closes.
    stopRetention();
    stopAssetCleanup();
    stopOAuth2Cleanup();
    stopSaltoKsImport();
    await app.close();
    await ctx.close();
    await database.close();
  });
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: Error) => {
  process.stderr.write(`Gatehouse could not start: ${error.message}\n`);
  process.exit(1);
});
