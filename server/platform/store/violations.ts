/** PostgreSQL's SQLSTATE of the constraint a statement broke, as both drivers report it. */
const VIOLATION = { unique: '23505', check: '23514', foreignKey: '23503' } as const;

/** Whether `error` is PostgreSQL refusing a statement for breaking a constraint of that kind. */
export function isViolation(error: unknown, kind: keyof typeof VIOLATION): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === VIOLATION[kind] || e?.cause?.code === VIOLATION[kind];
}
