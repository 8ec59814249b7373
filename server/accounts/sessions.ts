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

type SessionsEnded = (userId: number, tokenHashes: string[]) => void;
const listeners = new Set<SessionsEnded>();

/** Hear of every revoked session (the socket closes the connections that logged in with it). */
export function onSessionsEnded(listener: SessionsEnded): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(rows: { userId: number; tokenHash: string }[]): void {
  const byUser = new Map<number, string[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.tokenHash]);
  for (const [userId, hashes] of byUser) for (const listener of listeners) listener(userId, hashes);
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  tell(await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId, tokenHash: sessions.tokenHash }));
}

/** Ends every session of a user, but the one given (after a password change). */
export async function revokeOtherSessions(db: Db, userId: number, keepToken?: string): Promise<void> {
  const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
  tell(await db.delete(sessions).where(and(eq(sessions.userId, userId), keep))
    .returning({ userId: sessions.userId, tokenHash: sessions.tokenHash }));
}
