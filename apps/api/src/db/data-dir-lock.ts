import fs from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another Gatehouse process. ` +
        'The embedded database allows one process at a time: stop the other one, ' +
        'or set DATABASE_URL to run several processes on PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite is a single-process database: two processes writing the same folder would corrupt it.
 * An exclusive lock (a lock directory refreshed while we live, stale after a crash) guards the
 * folder. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/.gatehouse.lock`,
      stale: 15_000,
      update: 5_000,
      realpath: false,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
