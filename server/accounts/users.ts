import { and, eq } from 'drizzle-orm';
import type { User } from '../../contract/account';
import { newShortCode } from '../platform/auth/tokens';
import { openWallet, walletOf } from '../ledger/ledger';
import type { Db, Tx } from '../platform/store/open';
import { users } from './schema';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The real account whose invite code this is: a demo account may not invite (spec section 6). */
export async function findUserByInviteCode(db: Db, code: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.inviteCode, code.toUpperCase()), eq(users.isDemo, false))).limit(1);
  return row;
}

interface NewUser {
  email: string | null;
  passwordHash: string | null;
  isDemo: boolean;
  demoId?: string;
  /** `+<global_code><number>`: the login of an account made by mobile. */
  phone?: string;
  mobile?: string;
  areaId?: number;
  invitedBy?: number;
  /** Starting balance in USD, booked in the ledger. */
  startingBalance?: string;
}

/** Creates the user and its wallet (funded through the ledger); call inside `ledger.transaction`. */
export async function createUser(tx: Tx, input: NewUser): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      isDemo: input.isDemo,
      demoId: input.demoId ?? null,
      phone: input.phone ?? null,
      mobile: input.mobile || null,
      areaId: input.areaId ?? null,
      invitedBy: input.invitedBy ?? null,
      inviteCode: newShortCode(),
    })
    .returning({ id: users.id });
  const userId = created!.id;
  await openWallet(tx, userId, input.startingBalance ? { amount: input.startingBalance, kind: 'demo_credit' } : undefined);
  return userId;
}

/** The user as the wire shows it (spec section 3), balance included. */
export async function userView(db: Db, userId: number): Promise<User> {
  const [[row], wallet] = await Promise.all([
    db.select({ id: users.id, uid: users.uid, email: users.email, isDemo: users.isDemo, inviteCode: users.inviteCode, phone: users.phone, mobile: users.mobile, areaId: users.areaId })
      .from(users).where(eq(users.id, userId)).limit(1),
    walletOf(db, userId),
  ]);
  if (!row || !wallet) throw new Error(`user ${userId} has no wallet`);
  return {
    id: row.id,
    uid: row.uid,
    email: row.email ?? '',
    is_demo: row.isDemo ? 1 : 0,
    invite_code: row.isDemo ? '' : row.inviteCode,
    ...(row.phone && row.mobile && row.areaId !== null ? { mobile: row.mobile, area_id: row.areaId } : {}),
    balance: wallet.available,
    lock_balance: wallet.frozen,
  };
}

