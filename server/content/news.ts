import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { NewsItem } from '../../contract/content';
import { wireTime } from '../market/market';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { plainText, sanitizeNews } from './sanitize';
import { news, type NewsRow } from './schema';

export interface NewsInput {
  id?: number;
  title: string;
  desc: string;
  content: string;
  logo?: string;
  /** A language code, or none for every language. */
  lang?: string;
  published: boolean;
}

/** A picture uploaded here: the only images the page's policy lets the app show. */
export const OWN_IMAGE = /^\/api\/common\/image\/[A-Za-z0-9_-]{24}$/;

/** Sanitised on the way in, whoever wrote it: what is stored is what may be shown. */
export async function saveNews(db: Db | Tx, staffId: number, input: NewsInput): Promise<{ before: NewsRow | null; after: NewsRow }> {
  // A logo is a picture uploaded here (`newsImage`), or none: anything else is refused, not dropped.
  if (input.logo && !OWN_IMAGE.test(input.logo)) refuse('field_invalid', { field: 'logo' });
  const values = {
    title: plainText(input.title), description: plainText(input.desc), content: sanitizeNews(input.content),
    logo: input.logo ?? '',
    lang: input.lang || null, published: input.published, updatedAt: new Date(),
  };
  // Required once cleaned: markup alone (`<b></b>`, a script) leaves nothing to show.
  if (!values.title.trim()) refuse('field_required', { field: 'title' });
  if (!plainText(values.content).trim() && !/<img\b/i.test(values.content)) refuse('field_required', { field: 'content' });
  if (input.id === undefined) {
    const [after] = await db.insert(news).values({ ...values, publishedAt: input.published ? values.updatedAt : null, createdBy: staffId }).returning();
    return { before: null, after: after! };
  }
  const [before] = await db.select().from(news).where(eq(news.id, input.id)).limit(1);
  if (!before) refuse('request_not_found');
  // Published now (a draft, or one taken down before): dated now. An edit of a published item keeps its date.
  const publishedAt = !input.published ? before!.publishedAt : before!.published ? before!.publishedAt : values.updatedAt;
  const [after] = await db.update(news).set({ ...values, publishedAt }).where(eq(news.id, input.id)).returning();
  return { before: before!, after: after! };
}

const visible = (lang: string) => and(eq(news.published, true), or(isNull(news.lang), eq(news.lang, lang)));

/** Readers see an item dated when it was published; staff's list shows when it was written. */
const itemOf = (row: NewsRow, date = row.publishedAt ?? row.createdAt): NewsItem =>
  ({ id: row.id, title: row.title, desc: row.description, logo: row.logo, created_at: wireTime(date) });

/** Published news of the reader's language and of every language, newest published first. */
export async function newsPage(db: Db, lang: string, page: number, limit: number) {
  const [rows, [counted]] = await Promise.all([
    db.select().from(news).where(visible(lang)).orderBy(desc(news.publishedAt), desc(news.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(news).where(visible(lang)),
  ]);
  return { data: rows.map((r) => itemOf(r)), total: counted!.total };
}

export async function newsDetail(db: Db, lang: string, id: number) {
  const [row] = await db.select().from(news).where(and(eq(news.id, id), visible(lang))).limit(1);
  if (!row) refuse('news_not_found');
  return { ...itemOf(row!), content: row!.content };
}

/** Staff's list: every item, drafts included. */
export async function allNews(db: Db, page: number, limit: number) {
  const [rows, [counted]] = await Promise.all([
    db.select().from(news).orderBy(desc(news.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(news),
  ]);
  return { data: rows.map((r) => ({ ...itemOf(r, r.createdAt), content: r.content, lang: r.lang, published: r.published })), total: counted!.total };
}
