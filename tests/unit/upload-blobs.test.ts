import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config';
import { openStore, type Store } from '../../server/platform/store/open';
import { databaseBlobs, fileBlobs, type Blobs } from '../../server/uploads/blobs';

describe('UPLOADS_STORE', () => {
  it('is files unless set, database when asked, and anything else stops start-up naming the choices', () => {
    expect(readConfig({}).uploadsStore).toBe('files');
    expect(readConfig({ UPLOADS_STORE: 'database' }).uploadsStore).toBe('database');
    expect(() => readConfig({ UPLOADS_STORE: 's3' })).toThrow('UPLOADS_STORE is one of files, database, not "s3"');
  });
});

describe.each(['files', 'database'] as const)('the uploads\' bytes in %s', (kind) => {
  let blobs: Blobs;
  let dir: string;
  let store: Store | undefined;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tradedesk-blobs-'));
    if (kind === 'database') store = await openStore({});
    blobs = store ? databaseBlobs(store.db) : fileBlobs(dir);
  }, 60_000); // a database in memory takes seconds to start on a busy machine
  afterAll(async () => {
    await store?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  // Every byte value, so an encoding that mangles any of them (text, escapes) shows.
  const image = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

  it('gives back exactly what was put, by name, and nothing for a name never put', async () => {
    await blobs.put('aaaaaaaaaaaaaaaaaaaaaaaa', image);
    const got = await blobs.get('aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(Buffer.isBuffer(got)).toBe(true);
    expect(got!.equals(image)).toBe(true);
    expect(await blobs.get('bbbbbbbbbbbbbbbbbbbbbbbb')).toBeUndefined();
  });

  it('never overwrites a name already used', async () => {
    await blobs.put('cccccccccccccccccccccccc', image);
    await expect(blobs.put('cccccccccccccccccccccccc', Buffer.from('other'))).rejects.toThrow();
    expect((await blobs.get('cccccccccccccccccccccccc'))!.equals(image)).toBe(true);
  });

  it('forgets what is deleted, and deleting twice is no error', async () => {
    await blobs.put('dddddddddddddddddddddddd', image);
    await blobs.delete('dddddddddddddddddddddddd');
    await blobs.delete('dddddddddddddddddddddddd');
    expect(await blobs.get('dddddddddddddddddddddddd')).toBeUndefined();
  });

  it('keeps the bytes where it says', async () => {
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    expect(files.length > 0).toBe(kind === 'files');
  });
});
