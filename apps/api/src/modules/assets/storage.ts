import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Storage keys are made here, never from user input: a random UUID, nothing that walks paths. */
const keyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Uploads are written under this prefix, then renamed into place (same folder, so the rename is atomic). */
const tempPrefix = '.upload-';

export interface StoredFile {
  key: string;
  /** When the file was last written. */
  modifiedAt: Date;
}

/**
 * Asset bytes on the local disk, one file per asset under ASSET_DIR. Several server processes
 * share it only when ASSET_DIR is a shared volume (decision 008).
 */
export class AssetStorage {
  constructor(readonly dir: string) {}

  newKey(): string {
    return randomUUID();
  }

  private pathOf(key: string): string {
    if (!keyPattern.test(key)) throw new Error('Not a storage key');
    return path.join(this.dir, key);
  }

  /** Writes the whole file or nothing: a reader never sees half an upload. */
  async write(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `${tempPrefix}${randomUUID()}`);
    try {
      await writeFile(temp, bytes, { flag: 'wx', mode: 0o600 });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** The file's size, or undefined when there is none. */
  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  read(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Every stored file and every temporary one, for the cleanup job. */
  async list(): Promise<{ files: StoredFile[]; temps: StoredFile[] }> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: [], temps: [] };
      throw error;
    }
    const files: StoredFile[] = [];
    const temps: StoredFile[] = [];
    for (const name of names) {
      const isTemp = name.startsWith(tempPrefix);
      if (!isTemp && !keyPattern.test(name)) continue;
      try {
        const info = await stat(path.join(this.dir, name));
        if (info.isFile()) (isTemp ? temps : files).push({ key: name, modifiedAt: info.mtime });
      } catch {
        // Gone meanwhile (another process cleaned it up).
      }
    }
    return { files, temps };
  }

  async removeTemp(name: string): Promise<void> {
    if (!name.startsWith(tempPrefix) || name.includes('/') || name.includes('\\')) return;
    await rm(path.join(this.dir, name), { force: true });
  }
}
