import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { AuditItem } from '../../contract/backoffice';
import { wireTime } from '../market/market';
import type { Db, Tx } from '../platform/store/open';
import { auditLog, staff } from './schema';

export interface AuditEntry {
  staffId: number | null;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
}

/** One row per staff action, written in the action's own transaction; the table refuses changes. */
export async function audit(tx: Db | Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staffId, action: entry.action, target: entry.target,
    before: jsonOf(entry.before), after: jsonOf(entry.after), reason: entry.reason ?? null, ip: entry.ip ?? null,
  });
}

/** Rows hold dates and numeric strings: stored as their JSON text. */
const jsonOf = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

export interface AuditFilter {
  staffId?: number;
  /** Case-insensitive, whole address. */
  staffEmail?: string;
  /** An action, or the start of one at a dot: `deposit` is `deposit.*`. */
  action?: string;
  target?: string;
}

export async function auditPage(db: Db, filter: AuditFilter, page: number, limit: number): Promise<{ data: AuditItem[]; total: number }> {
  const where = and(
    filter.staffId === undefined ? undefined : eq(auditLog.staffId, filter.staffId),
    filter.staffEmail ? sql`lower(${staff.email}) = ${filter.staffEmail.toLowerCase()}` : undefined,
    filter.action ? or(eq(auditLog.action, filter.action), sql`starts_with(${auditLog.action}, ${`${filter.action}.`})`) : undefined,
    filter.target ? eq(auditLog.target, filter.target) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db.select({ row: auditLog, email: staff.email }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId))
      .where(where).orderBy(desc(auditLog.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(auditLog).leftJoin(staff, eq(staff.id, auditLog.staffId)).where(where),
  ]);
  return {
    data: rows.map(({ row, email }) => ({
      id: row.id, staff_id: row.staffId, staff_email: email, action: row.action, target: row.target,
      before: row.before, after: row.after, reason: row.reason, ip: row.ip, at: wireTime(row.at),
    })),
    total: counted!.total,
  };
}
