import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newEmailCode } from '../platform/auth/tokens';
import { refuse } from '../platform/http/refusal';
import type { Db } from '../platform/store/open';
import { emailCodes } from './schema';

const VALID_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

const hashCode = (email: string, code: string) => createHash('sha256').update(`${email}:${code}`).digest('hex');

/** Stores a new code for (email, purpose); older unused ones stop counting. */
export async function issueCode(db: Db, email: string, purpose: number): Promise<string> {
  const code = newEmailCode();
  await db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
    await tx.insert(emailCodes).values({ email, purpose, codeHash: hashCode(email, code), expiresAt: new Date(Date.now() + VALID_MS) });
  });
  return code;
}

/**
 * Checks a code without using it up; a wrong guess counts against the code (5 at most).
 * Answers the row id for `consumeCode`, which the caller runs inside its own transaction.
 */
export async function checkCode(db: Db, email: string, purpose: number, code: string): Promise<number> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, new Date())))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) return refuse('code_invalid');
  if (row.codeHash !== hashCode(email, code)) {
    await db.update(emailCodes).set({ attempts: sql`${emailCodes.attempts} + 1` }).where(eq(emailCodes.id, row.id));
    return refuse('code_invalid');
  }
  return row.id;
}

/** Marks the code used; refuses when a concurrent request used it first. */
export async function consumeCode(db: Db, id: number): Promise<void> {
  const used = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) refuse('code_invalid');
}
