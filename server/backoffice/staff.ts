import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole, StaffView } from '../../contract/backoffice';
import { hashPassword, verifyPassword } from '../platform/auth/password';
import { hashToken, newToken } from '../platform/auth/tokens';
import type { Config } from '../platform/config';
import { Refusal, refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { staff, staffSessions, type StaffRow } from './schema';
import { newTotpSecret, otpauthUri, totpSecretUsable, totpStep } from './totp';

/** Staff are not traders: their own table, their own sessions (8 hours), password and TOTP. */
const SESSION_MS = 8 * 3_600_000;

export interface StaffMember {
  staffId: number;
  email: string;
  role: StaffRole;
}

export const staffView = (s: Pick<StaffRow, 'id' | 'email' | 'role'>): StaffView => ({ id: s.id, email: s.email, role: s.role as StaffRole });

/**
 * The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_TOTP_SECRET, enrolled at once, so
 * scripts can log in); an existing one is left alone.
 */
export async function ensureAdmin(db: Db, config: Config): Promise<void> {
  if (!config.adminEmail || !config.adminPassword) return;
  // A secret no code can match would lock the admin out without a word: refuse to start instead.
  if (config.adminTotpSecret && !totpSecretUsable(config.adminTotpSecret)) {
    throw new Error('ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7) of at least 16 characters');
  }
  await db.insert(staff).values({
    email: config.adminEmail.toLowerCase(),
    passwordHash: await hashPassword(config.adminPassword),
    role: 'admin',
    totpSecret: config.adminTotpSecret ?? null,
  }).onConflictDoNothing();
}

export async function createStaff(db: Db | Tx, email: string, password: string, role: StaffRole): Promise<{ id: number; secret: string }> {
  const secret = newTotpSecret();
  const [row] = await db.insert(staff)
    .values({ email, passwordHash: await hashPassword(password), role, totpSecret: secret })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  if (!row) refuse('staff_exists');
  return { id: row!.id, secret };
}

/** Staff members' emails for the rows they decided: a look-up by id, null for no one. */
export async function staffEmails(db: Db, ids: readonly (number | null)[]): Promise<(id: number | null) => string | null> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = wanted.length ? await db.select({ id: staff.id, email: staff.email }).from(staff).where(inArray(staff.id, wanted)) : [];
  const byId = new Map(rows.map((r) => [r.id, r.email]));
  return (id) => (id === null ? null : (byId.get(id) ?? null));
}

/** Another staff member's role and access, as it was and as it is; a deactivated member's sessions end. */
export async function updateStaff(tx: Tx, by: number, id: number, change: { role: StaffRole; active: boolean }) {
  if (id === by) refuse('staff_self');
  const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  if (!before) refuse('staff_unknown');
  const [after] = await tx.update(staff).set(change).where(eq(staff.id, id)).returning();
  if (!change.active) await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
  const shown = (row: StaffRow) => ({ ...staffView(row), active: row.active });
  return { before: shown(before!), after: shown(after!) };
}

/**
 * Gives another staff member a new TOTP secret and ends their sessions. The secret goes to the admin
 * to hand over, as a new member's does: left to the next login, whoever had the password would enrol.
 */
export async function resetStaffAuthenticator(tx: Tx, by: number, id: number) {
  if (id === by) refuse('staff_self');
  const secret = newTotpSecret();
  const [row] = await tx.update(staff).set({ totpSecret: secret, totpLastStep: null }).where(eq(staff.id, id)).returning({ email: staff.email });
  if (!row) refuse('staff_unknown');
  await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
  // The audit row says it was reset; the secret itself is in no log.
  return { after: { email: row!.email, authenticator: 'reset' }, secret };
}

export const listStaff = (db: Db) =>
  db.select({ id: staff.id, email: staff.email, role: staff.role, active: staff.active }).from(staff).orderBy(asc(staff.id));

/**
 * Password and TOTP code together. Without an enrolled secret, a new one is stored and handed back
 * once the password is right; the next login with a code from it completes the enrolment. Once
 * enrolled, a wrong password and a wrong code get the same answer: telling them apart would let
 * anyone holding a guessed or stolen password check it without the second factor.
 */
export async function staffLogin(db: Db, email: string, password: string, code: string | undefined): Promise<{ token: string; member: StaffRow }> {
  const [row] = await db.select().from(staff).where(and(sql`lower(${staff.email}) = ${email.toLowerCase()}`, eq(staff.active, true))).limit(1);
  const passwordOk = await verifyPassword(password, row?.passwordHash ?? null);
  if (!row || !passwordOk) refuse('staff_login_failed');
  // Logins racing to enrol (a double click) keep the first secret written, so every answer shows one that works.
  const secret = row!.totpSecret ?? (await db.update(staff).set({ totpSecret: sql`coalesce(${staff.totpSecret}, ${newTotpSecret()})` })
    .where(eq(staff.id, row!.id)).returning({ secret: staff.totpSecret }))[0]!.secret!;
  const step = code ? totpStep(secret, code) : undefined;
  if (step === undefined) {
    // Not enrolled yet: the refusal carries the enrolment for the back-office to show as a QR code.
    if (!row!.totpSecret) throw new Refusal('staff_enrol', {}, { otpauth: otpauthUri(row!.email, secret), secret });
    refuse('staff_login_failed');
  }
  // A code is taken once (RFC 6238, 5.2): one seen over a shoulder or a network cannot log in again,
  // nor can an older one; of two logins racing with one code, the first takes it.
  const [taken] = await db.update(staff).set({ totpLastStep: step })
    .where(and(eq(staff.id, row!.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step!))))
    .returning({ id: staff.id });
  if (!taken) refuse('otp_used');
  const token = newToken();
  await db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId: row!.id, expiresAt: new Date(Date.now() + SESSION_MS) });
  return { token, member: row! };
}

export async function authenticateStaff(db: Db, token: string): Promise<StaffMember | undefined> {
  const [row] = await db.select({ staffId: staff.id, email: staff.email, role: staff.role })
    .from(staffSessions).innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), gt(staffSessions.expiresAt, new Date()), eq(staff.active, true)))
    .limit(1);
  return row && { ...row, role: row.role as StaffRole };
}

export async function staffLogout(db: Db, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}
