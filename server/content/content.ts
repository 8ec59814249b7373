import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { OWN_IMAGE } from './news';
import { companies, feedback } from './schema';

/** What the back-office may use of content: news, feedback and the company directory. */
export { allNews, saveNews, type NewsInput } from './news';

/** Feedback, newest first, with who handled each and when. */
export async function feedbackPage(db: Db, page: number, limit: number) {
  const [rows, [counted]] = await Promise.all([
    db.select().from(feedback).orderBy(desc(feedback.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(feedback),
  ]);
  return { rows, total: counted!.total };
}

/** Feedback nobody has handled yet: what waits on the back-office's Feedback screen. */
export async function openFeedback(db: Db): Promise<number> {
  const [counted] = await db.select({ open: count() }).from(feedback).where(isNull(feedback.readBy));
  return counted!.open;
}

/** Staff mark feedback handled once; a second mark is refused as already handled. */
export async function handleFeedback(tx: Tx, id: number, staffId: number) {
  const [after] = await tx.update(feedback).set({ readBy: staffId, readAt: new Date() })
    .where(and(eq(feedback.id, id), isNull(feedback.readBy))).returning();
  if (after) return { after: { handled_by: staffId } };
  const [exists] = await tx.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, id)).limit(1);
  return refuse(exists ? 'request_resolved' : 'request_not_found');
}

/** The directory as staff see it: every company, inactive ones too. */
export async function allCompanies(db: Db) {
  const rows = await db.select().from(companies).orderBy(asc(companies.id));
  return rows.map((c) => ({
    id: c.id, name: c.name, logo: c.logo, url: c.url, subject: c.subject, registered_address: c.registeredAddress,
    location: c.location, email: c.email, active: c.active,
  }));
}

export interface CompanyInput {
  id?: number; name: string; logo: string; url: string; subject: string; registered_address: string; location: string; email: string; active: boolean;
}

export async function saveCompany(db: Db | Tx, input: CompanyInput) {
  // A logo is a picture uploaded here, or none: an address elsewhere would show as a broken image.
  if (input.logo && !OWN_IMAGE.test(input.logo)) refuse('field_invalid', { field: 'logo' });
  const values = {
    name: input.name, logo: input.logo, url: /^https?:\/\//.test(input.url) ? input.url : '', subject: input.subject,
    registeredAddress: input.registered_address, location: input.location, email: input.email, active: input.active,
  };
  if (input.id === undefined) {
    const [after] = await db.insert(companies).values(values).returning();
    return { before: null, after: after! };
  }
  const [before] = await db.select().from(companies).where(eq(companies.id, input.id)).limit(1);
  if (!before) refuse('request_not_found');
  const [after] = await db.update(companies).set(values).where(eq(companies.id, input.id)).returning();
  return { before: before!, after: after! };
}

