import { z } from 'zod/mini';
import { defineCall } from './define';
import { intEnum, requiredText, text } from './fields';

/** Real-name status: 0 not submitted, 1 waiting for review, 2 finished. */
export const REAL_NAME_STATUS = { none: 0, waiting: 1, finished: 2 } as const;
/** Ours (the spec leaves it open): where the review stands; a rejection carries its reason. */
export const REVIEW_STATUS = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

const url = () => text(1024);

export const realName = z.object({
  name: text(64),
  /** Masked by the server. */
  card_id: text(32),
  front_pic: url(),
  reverse_pic: url(),
  status: intEnum(0, 1, 2),
  /** REVIEW_STATUS: 0 none, 1 pending, 2 approved, 3 rejected. */
  review_status: intEnum(0, 1, 2, 3),
  /** Ours: why it was rejected. */
  reason: z.nullish(text(512)),
  /** Ours: submissions left after a rejection. */
  attempts_left: z.optional(z.int().check(z.gte(0))),
  /** Ours: when staff approved or rejected it (every status a trader sees carries its time). */
  reviewed_at: z.nullish(text(32)),
  /** Ours: when the trader sent it, shown while it waits. */
  submitted_at: z.nullish(text(32)),
});
export type RealName = z.infer<typeof realName>;

/** An ID number as compared across accounts: letters and digits only, upper case. */
export const cardKeyOf = (cardId: string) => cardId.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** Identity (real-name) verification: apart from content, so the first screens do not carry it. */
export const identityCalls = {
  submitRealName: defineCall({
    method: 'POST', path: '/api/user_real/real_name', encoding: 'form', auth: true,
    request: z.object({
      name: requiredText(64),
      // Compared across accounts by its key: punctuation alone would match anyone's. What ID numbers are
      // written with (Hong Kong's "A123456(7)" included), and nothing else: no markup.
      card_id: requiredText(32).check(
        z.refine((id) => cardKeyOf(id).length >= 4, 'must have at least 4 letters or digits'),
        z.refine((id) => /^[\p{L}\p{N} ./()-]+$/u.test(id), 'must be letters, digits, spaces and - . / ( )'),
      ),
      front_pic: z.optional(url()),
      reverse_pic: z.optional(url()),
    }),
    response: z.null(),
  }),
  realNameCenter: defineCall({
    method: 'GET', path: '/api/user_real/center', encoding: 'query', auth: true,
    request: z.object({}), response: realName,
  }),
};
