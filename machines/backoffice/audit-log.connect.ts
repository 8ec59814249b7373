import type { SnapshotFrom } from 'xstate';
import { PAGE_SIZE, pageCount } from './review-queue';
import type { auditLogMachine } from './audit-log';

export function connectAuditLog(snapshot: SnapshotFrom<typeof auditLogMachine>) {
  const { filter, items, total, page, problem, notice } = snapshot.context;
  return { filter, items, total, page, pages: pageCount(total, PAGE_SIZE), problem, notice, isLoading: snapshot.matches('loading') };
}
