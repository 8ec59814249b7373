import { z } from 'zod/mini';
import { defineCall } from './define';
import { pageQuery, paged, positiveInt, requiredText, text } from './fields';

/** The one news category the app shows. */
export const NEWS_CATEGORY = 1;

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
