import { and, eq, gt, ne } from 'drizzle-orm';
import { hashToken, newToken } from '../platform/auth/tokens';
import type { Authenticate } from '../platform/http/route';
import type { Db } from '../platform/store/open';
import { sessions, users } from './schema';

const SESSION_DAYS = 30;

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

export const authenticator = (db: Db): Authenticate => async (token) => {
  const [row] = await db
    .select({ userId: sessions.userId, isDemo: users.isDemo })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
};

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, but the one given (after a password change). */
export async function revokeOtherSessions(db: Db, userId: number, keepToken?: string): Promise<void> {
  const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep));
}
