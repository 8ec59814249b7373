import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Config } from '../platform/config';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { blobsOf } from './blobs';
import { uploads } from './schema';

/**
 * Uploaded images: the type is read from the bytes, the image re-encoded (metadata such as EXIF and
 * GPS dropped, a pixel limit against image bombs) and kept under a random name, in files or in the
 * database (`UPLOADS_STORE`). Nobody gets a public link: a link is signed with the server's secret
 * and expires.
 */
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const LINK_TTL_MS = 15 * 60_000;
const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type Mime = keyof typeof FORMATS;
export const IMAGE_PATH = '/api/common/image/';
/** Every upload route reads its one file the same way. */
export { uploadedBytes } from './read-part';

export interface Uploads {
  /** Checks, re-encodes and keeps an image of the trader; answers its signed link. */
  save(userId: number, bytes: Buffer): Promise<string>;
  /** The same for staff's news pictures, which are public: answers a link that does not expire. */
  savePublic(staffId: number, bytes: Buffer): Promise<string>;
  /** Fresh signed links of uploads by id. */
  links(db: Db | Tx, ids: number[]): Promise<Map<number, string>>;
  /**
   * Marks the upload behind a link as used by `target`: only its owner's, only once. Answers its id.
   * `kept`: uploads the target already holds (a form sent again keeps its pictures).
   */
  attach(tx: Tx, userId: number, link: string, target: string, kept?: number[]): Promise<number>;
  /** Whether two uploads (by id) are the same picture: one upload, or the same file uploaded twice. */
  samePicture(store: Db | Tx, a: number, b: number): Promise<boolean>;
  /** For each upload, the other uploads of the same picture (the same file uploaded again, by anyone). */
  samePictures(store: Db | Tx, ids: number[]): Promise<Map<number, number[]>>;
  /** The image behind a signed link that has not expired, with its type. */
  open(name: string, expires: string, signature: string): Promise<{ bytes: Buffer; mime: string } | undefined>;
}

export function createUploads(db: Db, config: Pick<Config, 'dataDir' | 'uploadsStore'>, secret: string, now = () => Date.now()): Uploads {
  const blobs = blobsOf(config.uploadsStore, { dataDir: config.dataDir, db });
  const sign = (name: string, expires: number) => createHmac('sha256', secret).update(`${name}.${expires}`).digest('base64url');
  const link = (name: string) => {
    const expires = now() + LINK_TTL_MS;
    return `${IMAGE_PATH}${name}?e=${expires}&s=${sign(name, expires)}`;
  };

  const validSignature = (name: string, expires: string, signature: string) => {
    const at = Number(expires);
    if (!Number.isSafeInteger(at) || at < now()) return false;
    const expected = Buffer.from(sign(name, at));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  /** Sniffs, re-encodes and keeps the image under a random name; answers the name. */
  const keep = async (bytes: Buffer, owner: { userId?: number; staffId?: number; public?: boolean }) => {
    const { fileTypeFromBuffer } = await import('file-type');
    const sniffed = await fileTypeFromBuffer(bytes);
    const mime = sniffed?.mime as Mime | undefined;
    if (!mime || !(mime in FORMATS)) refuse('upload_type');
    const clean = await reencode(bytes, mime!);
    const name = randomBytes(18).toString('base64url');
    await blobs.put(name, clean);
    try {
      await db.insert(uploads).values({
        ...owner, name, mime: mime!, bytes: clean.length, sha256: createHash('sha256').update(clean).digest('hex'),
      });
    } catch (error) {
      // Bytes no row names would never be served nor cleaned up.
      await blobs.delete(name);
      throw error;
    }
    return name;
  };

  return {
    async save(userId, bytes) {
      return link(await keep(bytes, { userId }));
    },

    async savePublic(staffId, bytes) {
      return `${IMAGE_PATH}${await keep(bytes, { staffId, public: true })}`;
    },

    async links(store, ids) {
      if (ids.length === 0) return new Map();
      const rows = await store.select({ id: uploads.id, name: uploads.name }).from(uploads).where(inArray(uploads.id, ids));
      return new Map(rows.map((r) => [r.id, link(r.name)]));
    },

    async attach(tx, userId, given, target, kept = []) {
      const name = nameOf(given) ?? refuse('upload_invalid');
      const free = kept.length > 0 ? or(isNull(uploads.attachedTo), inArray(uploads.id, kept)) : isNull(uploads.attachedTo);
      const [row] = await tx.update(uploads).set({ attachedTo: target })
        .where(and(eq(uploads.name, name), eq(uploads.userId, userId), free))
        .returning({ id: uploads.id });
      if (row) return row.id;
      // The trader's own upload, already on another request: said so, since the link itself is fine.
      const [own] = await tx.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.name, name), eq(uploads.userId, userId))).limit(1);
      return refuse(own ? 'upload_used' : 'upload_invalid');
    },

    async samePicture(store, a, b) {
      if (a === b) return true;
      const rows = await store.select({ sha256: uploads.sha256 }).from(uploads).where(inArray(uploads.id, [a, b]));
      return rows.length === 2 && rows[0]!.sha256 === rows[1]!.sha256;
    },

    async samePictures(store, ids) {
      if (ids.length === 0) return new Map();
      const hashes = store.select({ sha256: uploads.sha256 }).from(uploads).where(inArray(uploads.id, ids));
      const rows = await store.select({ id: uploads.id, sha256: uploads.sha256 }).from(uploads).where(inArray(uploads.sha256, hashes));
      const shaOf = new Map(rows.map((r) => [r.id, r.sha256]));
      return new Map(ids.map((id) => [id, rows.filter((r) => r.id !== id && r.sha256 === shaOf.get(id)).map((r) => r.id)]));
    },

    async open(name, expires, signature) {
      if (!/^[A-Za-z0-9_-]{24}$/.test(name)) return undefined;
      const [row] = await db.select({ mime: uploads.mime, public: uploads.public }).from(uploads).where(eq(uploads.name, name)).limit(1);
      if (!row || !(row.public || validSignature(name, expires, signature))) return undefined;
      const bytes = await blobs.get(name);
      return bytes && { bytes, mime: row.mime };
    },
  };
}

/** Whether two links this server gave name the same upload (whatever their expiry and signature). */
export function sameUpload(a: string, b: string): boolean {
  const name = nameOf(a);
  return name !== undefined && name === nameOf(b);
}

/** The random name inside a link this server gave (its path, with or without origin and query). */
function nameOf(link: string): string | undefined {
  const at = link.indexOf(IMAGE_PATH);
  if (at < 0) return undefined;
  const name = link.slice(at + IMAGE_PATH.length).split(/[?#]/)[0]!;
  return /^[A-Za-z0-9_-]{24}$/.test(name) ? name : undefined;
}

async function reencode(bytes: Buffer, mime: Mime): Promise<Buffer> {
  try {
    // Loaded on the first upload: libvips costs tens of MB a server that takes no picture never needs.
    const { default: sharp } = await import('sharp');
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    return await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate().toFormat(FORMATS[mime]).toBuffer();
  } catch (error) {
    // A picture of more pixels than any photo (a decompression bomb, say) is too large, not unreadable.
    return refuse(/pixel limit/i.test((error as Error).message) ? 'upload_too_many_pixels' : 'upload_unreadable');
  }
}
