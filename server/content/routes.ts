import { and, asc, eq, ilike } from 'drizzle-orm';
import { contentCalls as calls, NEWS_CATEGORY } from '../../contract/content';
import type { Deps } from '../deps';
import { refuseWhileWaiting } from '../platform/auth/limiter';
import { translate } from '../platform/i18n/messages';
import { newsDetail, newsPage } from './news';
import { companies, feedback } from './schema';

const PAGE = 10;

/** News, the company directory, the complaint email, the announcement and feedback. */
export function contentRoutes({ route, db, settings, limits }: Deps): void {
  // All news is of the one category the app shows (spec section 9); another has none.
  route(calls.newsList, async ({ category_id, page, limit = PAGE }, { lang }) =>
    (category_id === NEWS_CATEGORY ? newsPage(db, lang, page, limit) : { data: [], total: 0 }));
  route(calls.newsInfo, async ({ id }, { lang }) => newsDetail(db, lang, id));

  route(calls.companies, async ({ name }) => {
    const named = name ? ilike(companies.name, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
    const rows = await db.select().from(companies).where(and(eq(companies.active, true), named)).orderBy(asc(companies.id)).limit(50);
    return rows.map((c) => ({
      id: c.id, name: c.name, logo: c.logo, url: c.url, subject: c.subject, registered_address: c.registeredAddress, location: c.location, email: c.email,
    }));
  });

  route(calls.complaintEmail, async () => ({ email: settings.get('complaint_email') }));
  // Until staff write their own, the site's default text is read in the reader's language.
  route(calls.announcement, async (_input, { lang }) =>
    ({ text: settings.ownAnnouncement ?? translate(lang, 'announcement_default'), title: settings.get('site_config').title }));

  route(calls.feedback, async ({ text, contact }, { userId, ip }) => {
    refuseWhileWaiting(await limits.feedbackPerAddress.hit(ip));
    await db.insert(feedback).values({ userId: userId ?? null, text, contact: contact || null });
    return null;
  }, { successMsg: 'feedback_thanks' });
}
