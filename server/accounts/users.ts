import { eq } from 'drizzle-orm';
import type { User } from '../../contract/account';
import { newShortCode } from '../platform/auth/tokens';
import type { Db } from '../platform/store/open';
import { ledger, users, wallets } from './schema';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserByInviteCode(db: Db, code: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code.toUpperCase())).limit(1);
  return row;
}

interface NewUser {
  email: string | null;
  passwordHash: string | null;
  isDemo: boolean;
  demoId?: string;
  mobile?: string;
  areaId?: number;
  invitedBy?: number;
  /** Starting balance in USD, booked in the ledger. */
  startingBalance?: string;
}

/** Creates the user, its wallet and (when funded) the ledger row; call inside a transaction. */
export async function createUser(tx: Db, input: NewUser): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      isDemo: input.isDemo,
      demoId: input.demoId ?? null,
      mobile: input.mobile || null,
      areaId: input.areaId ?? null,
      invitedBy: input.invitedBy ?? null,
      inviteCode: newShortCode(),
    })
    .returning({ id: users.id });
  const userId = created!.id;
  const balance = input.startingBalance ?? '0';
  await tx.insert(wallets).values({ userId, balance });
  if (balance !== '0') {
    await tx.insert(ledger).values({ userId, kind: 'demo_credit', amount: balance, balanceAfter: balance });
  }
  return userId;
}

/** The user as the wire shows it (spec section 3), balance included. */
export async function userView(db: Db, userId: number): Promise<User> {
  const [row] = await db
    .select({
      id: users.id,
      uid: users.uid,
      email: users.email,
      isDemo: users.isDemo,
      inviteCode: users.inviteCode,
      balance: wallets.balance,
      lockBalance: wallets.lockBalance,
    })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`user ${userId} has no wallet`);
  return {
    id: row.id,
    uid: row.uid,
    email: row.email ?? '',
    is_demo: row.isDemo ? 1 : 0,
    invite_code: row.inviteCode,
    balance: row.balance,
    lock_balance: row.lockBalance,
  };
}

/** PostgreSQL's unique-violation, as both drivers report it. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
