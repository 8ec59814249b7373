import { asc, desc, type AnyColumn } from 'drizzle-orm';

/**
 * The order of a review queue's page: requests still to decide oldest first (the longest wait on
 * top), decided ones newest first (the latest decision on the first page, not the last).
 */
export const queueOrder = (open: boolean, column: AnyColumn) => (open ? asc(column) : desc(column));
