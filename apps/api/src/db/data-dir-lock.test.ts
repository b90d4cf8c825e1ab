import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { DataDirLockedError } from './data-dir-lock.js';

describe('the embedded database’s data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-lock-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is held by one process at a time, and free again once it closes', async () => {
    const first = await openPglite({ dataDir });
    await expect(openPglite({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openPglite({ dataDir })).rejects.toThrow(/in use by another Gatehouse process/);
    // The refused attempt did not disturb the open database.
    await first.ping();
    await first.close();

    const again = await openPglite({ dataDir });
    await again.ping();
    await again.close();
  }, 60_000);
});
