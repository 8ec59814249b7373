import { z } from 'zod';
import { defineCall } from './define';
import { intEnum, pageQuery, paged, positiveInt, requiredText, text } from './fields';

/** The one news category the app shows. */
export const NEWS_CATEGORY = 1;
/** Real-name status: 0 not submitted, 1 waiting for review, 2 finished. */
export const REAL_NAME_STATUS = { none: 0, waiting: 1, finished: 2 } as const;

const url = () => text(1024);

export const newsItem = z.object({
  id: z.number().int(),
  title: text(255),
  desc: text(1024),
  logo: url(),
  created_at: text(32),
  /** HTML; the list may leave it out. */
  content: text(200_000).optional(),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsDetail = newsItem.extend({ content: text(200_000) });
export type NewsDetail = z.infer<typeof newsDetail>;

export const company = z.object({
  id: z.number().int(),
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
  /** Mapping not given by the spec; carried as is. */
  review_status: z.number().int(),
});
export type RealName = z.infer<typeof realName>;

export const contentCalls = {
  newsList: defineCall({
    method: 'GET', path: '/api/news/list', encoding: 'query', auth: false,
    request: z.object({ category_id: positiveInt().default(NEWS_CATEGORY), ...pageQuery }),
    response: paged(newsItem),
  }),
  newsInfo: defineCall({
    method: 'GET', path: '/api/news/info', encoding: 'query', auth: false,
    request: z.object({ id: positiveInt() }), response: newsDetail,
  }),
  companies: defineCall({
    method: 'GET', path: '/api/company/getCompany', encoding: 'query', auth: false,
    request: z.object({ name: text(64).optional() }), response: z.array(company),
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
      card_id: requiredText(32),
      front_pic: url().optional(),
      reverse_pic: url().optional(),
    }),
    response: z.null(),
  }),
  realNameCenter: defineCall({
    method: 'GET', path: '/api/user_real/center', encoding: 'query', auth: true,
    request: z.object({}), response: realName,
  }),
  complaintEmail: defineCall({
    method: 'GET', path: '/api/default/complaint_email', encoding: 'query', auth: false,
    request: z.object({}), response: z.object({ email: text(254) }),
  }),
} as const;
