import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contentCalls as calls } from '../../contract/content';
import type { Deps } from '../deps';
import { appSecret } from '../platform/auth/secret';
import { refuse } from '../platform/http/refusal';
import { invitedCount, traderOf } from './accounts';
import { users } from './schema';

/**
 * Until when a support identity holds, in Unix seconds: the end of the next whole hour, so that a
 * link seen later (a log, a screenshot) soon says nothing, and every node signs alike within an hour.
 */
export const supportExpiry = (now: number) => (Math.floor(now / 3_600_000) + 2) * 3600;

/** HMAC-SHA256 (hex) of uid, email and expiry, one per line: none of them can be changed alone. */
export const signSupport = (secret: string, { uid, email, expires }: { uid: string; email: string; expires: number }) =>
  createHmac('sha256', secret).update(`${uid}\n${email}\n${expires}`).digest('hex');

/** The trader's invite code with its count, and the signed identity the support frame passes on. */
export function inviteRoutes({ route, db, config }: Deps): void {
  const secret = config.supportSecret ?? appSecret(config);

  route(calls.inviteInfo, async (_q, { userId, isDemo }) => {
    if (isDemo) refuse('demo_not_allowed');
    const [row] = await db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId)).limit(1);
    return { invite_code: row?.code ?? '', invited: await invitedCount(db, userId) };
  });

  route(calls.supportIdentity, async (_q, { userId }) => {
    const trader = (await traderOf(db, userId)) ?? refuse('session_invalid');
    const identity = { uid: trader.uid, email: trader.email ?? '', expires: supportExpiry(Date.now()) };
    return { ...identity, signature: signSupport(secret, identity) };
  });
}
