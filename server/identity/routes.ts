import { identityCalls as calls, REAL_NAME_STATUS, REVIEW_STATUS } from '../../contract/identity';
import { refuse } from '../platform/http/refusal';
import { wireTime } from '../market/market';
import type { Deps } from '../deps';
import type { Uploads } from '../uploads/uploads';
import { identityOf, maskCardId, submitIdentity } from './identity';

/** `user_real/real_name` and `user_real/center`. Demo accounts are told to use a real one. */
export function identityRoutes({ route, db }: Deps, uploads: Uploads): void {
  route(calls.submitRealName, async (input, { userId, isDemo, lang }) => {
    if (isDemo) refuse('demo_not_allowed');
    if (!input.front_pic || !input.reverse_pic) refuse('identity_images');
    await submitIdentity(db, uploads, {
      userId, lang, name: input.name, cardId: input.card_id, front: input.front_pic!, back: input.reverse_pic!,
    });
    return null;
  }, { successMsg: 'identity_submitted' });

  route(calls.realNameCenter, async (_input, { userId, isDemo }) => {
    if (isDemo) refuse('demo_not_allowed');
    const row = await identityOf(db, userId);
    if (!row) return { name: '', card_id: '', front_pic: '', reverse_pic: '', status: REAL_NAME_STATUS.none, review_status: REVIEW_STATUS.none, reason: null };
    const links = await uploads.links(db, [row.frontUpload, row.backUpload]);
    return {
      name: row.name,
      // A rejected form comes back to be corrected, so its owner gets the number whole.
      card_id: row.reviewStatus === REVIEW_STATUS.rejected ? row.cardId : maskCardId(row.cardId),
      front_pic: links.get(row.frontUpload) ?? '',
      reverse_pic: links.get(row.backUpload) ?? '',
      status: row.status as 0 | 1 | 2,
      review_status: row.reviewStatus,
      reason: row.reason,
      attempts_left: Math.max(0, row.allowedAttempts - row.attempts),
      reviewed_at: row.reviewStatus === REVIEW_STATUS.pending || !row.reviewedAt ? null : wireTime(row.reviewedAt),
      submitted_at: wireTime(row.submittedAt),
    };
  });
}
