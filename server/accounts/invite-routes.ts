import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { contentCalls as calls } from '../../contract/content';
import type { Deps } from '../deps';
import { appSecret } from '../platform/auth/secret';
import { refuse } from '../platform/http/refusal';
import { invitedCount, traderOf } from './accounts';
import { users } from './schema';

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
    return { uid: trader.uid, email: trader.email ?? '', signature: createHmac('sha256', secret).update(trader.uid).digest('hex') };
  });
}
