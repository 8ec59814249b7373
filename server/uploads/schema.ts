import { bigserial, boolean, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors migrations/005_funds_identity_backoffice.sql and 006_content.sql. */
export const uploads = pgTable('uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The trader who uploaded it, or (`staffId`) the staff member. */
  userId: integer('user_id'),
  staffId: integer('staff_id'),
  /** Staff's news pictures: served without a signature. */
  public: boolean('public').notNull().default(false),
  name: text('name').notNull(),
  sha256: text('sha256').notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  attachedTo: text('attached_to'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type UploadRow = typeof uploads.$inferSelect;

/** PostgreSQL's bytea; the embedded store answers a Uint8Array, node-postgres a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** Mirrors migrations/012_shared_blobs.sql: the uploads' bytes when `UPLOADS_STORE=database`. */
export const uploadBlobs = pgTable('upload_blobs', {
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
