import { z } from 'zod/mini';
import { defineCall } from './define';
import { intEnum, pageQuery, paged, positiveInt, requiredText, text } from './fields';

/** The one news category the app shows. */
export const NEWS_CATEGORY = 1;
/** Real-name status: 0 not submitted, 1 waiting for review, 2 finished. */
export const REAL_NAME_STATUS = { none: 0, waiting: 1, finished: 2 } as const;
/** Ours (the spec leaves it open): where the review stands; a rejection carries its reason. */
export const REVIEW_STATUS = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

const url = () => text(1024);

export const newsItem = z.object({
  id: z.int(),
  title: text(255),
  desc: text(1024),
  logo: url(),
  created_at: text(32),
  /** HTML; the list may leave it out. */
  content: z.optional(text(200_000)),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsDetail = z.extend(newsItem, { content: text(200_000) });
export type NewsDetail = z.infer<typeof newsDetail>;

export const company = z.object({
  id: z.int(),
  name: text(255),
  logo: url(),
  url: url(),
  subject: text(1024),
  registered_address: text(512),
  location: text(255),
  email: text(254),
});
export type Company = z.infer<typeof company>;

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

export const contentCalls = {
  newsList: defineCall({
    method: 'GET', path: '/api/news/list', encoding: 'query', auth: false,
    request: z.object({ category_id: z._default(positiveInt(), NEWS_CATEGORY), ...pageQuery }),
    response: paged(newsItem),
  }),
  newsInfo: defineCall({
    method: 'GET', path: '/api/news/info', encoding: 'query', auth: false,
    request: z.object({ id: positiveInt() }), response: newsDetail,
  }),
  companies: defineCall({
    method: 'GET', path: '/api/company/getCompany', encoding: 'query', auth: false,
    request: z.object({ name: z.optional(text(64)) }), response: z.array(company),
  }),
  /** The file travels as the multipart part `file`; nothing else is sent. */
  imageUpload: defineCall({
    method: 'POST', path: '/api/common/image_upload', encoding: 'multipart', auth: true,
    request: z.object({}), response: z.object({ url: requiredText(1024) }),
  }),
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
  /** Ours: /feedback, read by staff in the back-office; a visitor may write too. */
  feedback: defineCall({
    method: 'POST', path: '/api/feedback', encoding: 'form', auth: false,
    request: z.object({ text: requiredText(2000), contact: z.optional(text(254)) }), response: z.null(),
  }),
  /** Ours: the announcement staff set, and whether the site is the DEMO one. */
  announcement: defineCall({
    method: 'GET', path: '/api/default/announcement', encoding: 'query', auth: false,
    request: z.object({}), response: z.object({ text: text(20_000), title: text(128) }),
  }),
  /** Ours: the trader's invite code and how many friends signed up with it. */
  inviteInfo: defineCall({
    method: 'GET', path: '/api/user/invite_info', encoding: 'query', auth: true,
    request: z.object({}), response: z.object({ invite_code: text(16), invited: z.int().check(z.gte(0)) }),
  }),
  /**
   * Ours: who is talking to support, until when (Unix seconds), signed (HMAC-SHA256 of uid, email and
   * expires, one per line) so the support side can trust it.
   */
  supportIdentity: defineCall({
    method: 'GET', path: '/api/user/support_identity', encoding: 'query', auth: true,
    request: z.object({}), response: z.object({ uid: text(32), email: text(254), expires: z.int(), signature: text(128) }),
  }),
  complaintEmail: defineCall({
    method: 'GET', path: '/api/default/complaint_email', encoding: 'query', auth: false,
    request: z.object({}), response: z.object({ email: text(254) }),
  }),
} as const;
