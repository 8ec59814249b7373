import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { StateStore } from '../platform/config';
import type { Db } from '../platform/store/open';
import { uploadBlobs } from './schema';

/**
 * Where the uploads' bytes live, by their random name (the `uploads` row says whose they are).
 * Files suit one node; a cluster keeps them in the database, which every node reads. Large
 * deployments would put them in S3-compatible storage: one more implementation of this interface.
 */
export interface Blobs {
  /** Keeps new bytes under a name not used before. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes kept under `name`, if any. */
  get(name: string): Promise<Buffer | undefined>;
  delete(name: string): Promise<void>;
}

export function blobsOf(store: StateStore, where: { dataDir: string; db: Db }): Blobs {
  return store === 'database' ? databaseBlobs(where.db) : fileBlobs(path.join(where.dataDir, 'uploads'));
}

/** One file per upload in `dir`, on this node's disk. */
export function fileBlobs(dir: string): Blobs {
  return {
    async put(name, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
    },
    async get(name) {
      return fs.readFile(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
    },
    async delete(name) {
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}

/** One `upload_blobs` row per upload: every node against the same database sees it. */
export function databaseBlobs(db: Db): Blobs {
  return {
    async put(name, bytes) {
      await db.insert(uploadBlobs).values({ name, bytes });
    },
    async get(name) {
      const [row] = await db.select({ bytes: uploadBlobs.bytes }).from(uploadBlobs).where(eq(uploadBlobs.name, name)).limit(1);
      return row?.bytes;
    },
    async delete(name) {
      await db.delete(uploadBlobs).where(eq(uploadBlobs.name, name));
    },
  };
}
