import { eq } from 'drizzle-orm';
import { CODE_PURPOSE, accountCalls as calls } from '../../contract/account';
import { countAttempt, takeAttempt } from '../platform/auth/limiter';
import { loginAttempt } from '../platform/auth/limits';
import { hashPassword, verifyPassword } from '../platform/auth/password';
import { isViolation } from '../platform/store/violations';
import { newCaptcha, useCaptcha } from './captcha';
import { checkCode, consumeCode, issueCode } from './codes';
import { createSession, revokeOtherSessions, revokeSession } from './sessions';
import { createUser, findUserByEmail, findUserByInviteCode, userView } from './users';
import { findUserByPhone, phoneLimitKey, phoneOf, registersByMobile } from './phones';
import type { SmsSender } from '../platform/sms/sms';
import { Refusal, refuse } from '../platform/http/refusal';
import { translate } from '../platform/i18n/messages';
import { DEMO_BALANCE } from '../../domain/account';
import * as ledger from '../ledger/ledger';
import { users } from './schema';
import { listAreas } from './areas';
import type { Deps } from '../deps';


export function accountRoutes({ app, db, mailer, route, limits: limit, settings }: Deps, sms: SmsSender): void {
  const mode = () => settings.get('basic_info').verify_reg_type;
  const traderLogin = (account: string, address: string) =>
    loginAttempt([limit.loginPerAccountAddress, limit.loginPerAccount, limit.loginPerAddress], account, address);

  route(calls.areaList, async () =>
    (await listAreas(db, true)).map((a) => ({ id: a.id, code: a.code, global_code: a.globalCode })),
  );
  route(calls.captcha, async () => newCaptcha(db));

  route(calls.sendEmail, async ({ to, type }, ctx) => {
    // A registration code by email only where registration takes one: not in the phone or image-code modes.
    if (type === CODE_PURPOSE.register && registersByMobile(mode())) refuse('register_by_mobile');
    if (type === CODE_PURPOSE.register && mode() === 2) refuse('register_by_captcha');
    // Limited before the lookup: "already registered" would otherwise answer unlimited probes.
    await takeAttempt([limit.codePerEmail, `${type}:${to}`], [limit.codePerEmailHourly, to], [limit.codePerAddress, ctx.ip]);
    const existing = await findUserByEmail(db, to);
    if (type === CODE_PURPOSE.register && existing) refuse('email_taken');
    // A reset code for an unknown email answers the same, so addresses cannot be probed.
    if (type === CODE_PURPOSE.reset && !existing) return null;
    const code = await issueCode(db, to, type);
    try {
      await mailer.send({
        to,
        subject: translate(ctx.lang, 'mail_code_subject'),
        text: translate(ctx.lang, 'mail_code_body', { code }),
      });
    } catch (error) {
      app.log.error({ err: error }, 'mail failed');
      refuse('mail_failed');
    }
    return null;
  }, { successMsg: 'code_sent' });

  route(calls.sendSms, async ({ to, area_id, type }, ctx) => {
    // Registration texts only in the phone modes; a reset text always, so a phone account made
    // under them can still reset its password after staff switch back.
    if (type === CODE_PURPOSE.register && !registersByMobile(mode())) refuse('sms_unavailable');
    // The same limits as the email codes, counted on the number as sent, before any look-up.
    const typed = phoneLimitKey(area_id, to);
    await takeAttempt([limit.codePerEmail, `${type}:${typed}`], [limit.codePerEmailHourly, typed], [limit.codePerAddress, ctx.ip]);
    const phone = await phoneOf(db, area_id, to, type === CODE_PURPOSE.register);
    const existing = await findUserByPhone(db, phone);
    if (type === CODE_PURPOSE.register && existing) refuse('mobile_taken');
    if (type === CODE_PURPOSE.reset && !existing) return null;
    const code = await issueCode(db, phone, type);
    try {
      await sms.send({ to: phone, text: translate(ctx.lang, 'sms_code_body', { code }) });
    } catch (error) {
      app.log.error({ err: error }, 'text message failed');
      refuse('sms_failed');
    }
    return null;
  }, { successMsg: 'code_sent' });

  route(calls.register, async (input, ctx) => {
    if (input.password !== input.re_password) refuse('passwords_differ');
    const regMode = mode();
    const byMobile = input.type === 'mobile';
    if (byMobile !== registersByMobile(regMode)) refuse(byMobile ? 'sms_unavailable' : 'register_by_mobile');
    const inviter = input.invite_code ? await findUserByInviteCode(db, input.invite_code) : undefined;
    if (input.invite_code && !inviter) refuse('invite_invalid');
    const phone = input.type === 'mobile' ? await phoneOf(db, input.area_id, input.mobile, true) : undefined;
    // "Already registered" is said as often as the address may ask for codes, counted before the
    // look-up: once that is spent, a registered address and a free one both meet the code check
    // (no code is ever sent to a registered one), so the answers cannot be told apart.
    const spent = (await countAttempt([limit.codePerAddress, ctx.ip])) > 0;
    const taken = phone ? await findUserByPhone(db, phone) : await findUserByEmail(db, input.account!);
    if (taken && !spent) refuse(phone ? 'mobile_taken' : 'email_taken');
    if (!taken && !spent) await limit.codePerAddress.refund(ctx.ip);
    const answer = input.sms_code ?? '';
    const codeId = regMode === 2 ? undefined : await checkCode(db, phone ?? input.account!, CODE_PURPOSE.register, answer);
    if (regMode === 2) await useCaptcha(db, input.key ?? '', answer);
    const passwordHash = await hashPassword(input.password);
    try {
      const userId = await ledger.transaction(db, async (tx) => {
        if (codeId !== undefined) await consumeCode(tx, codeId);
        return createUser(tx, {
          // An account made by mobile has no email (docs/architecture.md, "Decisions").
          email: input.type === 'email' ? input.account : null,
          phone,
          mobile: input.type === 'mobile' ? input.mobile : undefined,
          areaId: input.type === 'mobile' ? input.area_id : undefined,
          passwordHash,
          isDemo: false,
          invitedBy: inviter?.id,
        });
      });
      return { ...(await userView(db, userId)), token: await createSession(db, userId) };
    } catch (error) {
      if (isViolation(error, 'unique')) refuse(phone ? 'mobile_taken' : 'email_taken');
      throw error;
    }
  }, { successMsg: 'registered' });

  route(calls.login, async (input, ctx) => {
    const { password } = input;
    const account = input.login_type === 'mobile' ? phoneLimitKey(input.area_id, input.account) : input.account;
    const attempt = traderLogin(account, ctx.ip);
    await attempt.take();
    const found = input.login_type === 'mobile'
      ? await findUserByPhone(db, await phoneOf(db, input.area_id, input.account))
      : await findUserByEmail(db, input.account);
    if (!(await verifyPassword(password, found?.passwordHash ?? null)) || !found) {
      refuse(input.login_type === 'mobile' ? 'login_failed_mobile' : 'login_failed');
    }
    await attempt.succeeded();
    return { ...(await userView(db, found!.id)), token: await createSession(db, found!.id) };
  });

  route(calls.logout, async (_input, ctx) => {
    await revokeSession(db, ctx.token!);
    return null;
  }, { successMsg: 'logged_out' });

  route(calls.createDemo, async ({ demo_id }, ctx) => {
    const existing = async () => (await db.select({ id: users.id }).from(users).where(eq(users.demoId, demo_id)).limit(1))[0];
    // A random id names one device's account, so looking it up first gives nothing away.
    let found = await existing();
    await (found ? takeAttempt([limit.demoSessionsPerAccount, String(found.id)]) : takeAttempt([limit.demoPerAddress, ctx.ip]));
    if (!found) {
      try {
        const id = await ledger.transaction(db, (tx) =>
          createUser(tx, { email: null, passwordHash: null, isDemo: true, demoId: demo_id, startingBalance: DEMO_BALANCE }),
        );
        found = { id };
      } catch (error) {
        // Two first visits of the same client at once: the other one created it.
        if (!isViolation(error, 'unique')) throw error;
        found = await existing();
      }
    }
    return { ...(await userView(db, found!.id)), token: await createSession(db, found!.id) };
  });

  route(calls.info, async (_input, ctx) => userView(db, ctx.userId));

  route(calls.balance, async (_input, ctx) => {
    const wallet = (await ledger.walletOf(db, ctx.userId)) ?? refuse('session_invalid');
    return { balance: wallet.available, lock_balance: wallet.frozen };
  });

  route(calls.amendPassword, async (input, ctx) => {
    if (ctx.isDemo) refuse('demo_not_allowed');
    if (input.new_password !== input.secondary_password) refuse('passwords_differ');
    // The code went to the account's email, or by text to the phone of an account made by mobile.
    const [me] = await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, ctx.userId)).limit(1);
    const codeId = await checkCode(db, me!.email ?? me!.phone ?? '', CODE_PURPOSE.reset, input.auth_code);
    const passwordHash = await hashPassword(input.new_password);
    await db.transaction(async (tx) => {
      await consumeCode(tx, codeId);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, ctx.userId));
    });
    await revokeOtherSessions(db, ctx.userId, ctx.token);
    return null;
  }, { successMsg: 'password_changed' });

  route(calls.forgetPassword, async (input, ctx) => {
    if (input.new_password !== input.secondary_password) refuse('passwords_differ');
    const key = input.type === 'mobile' ? await phoneOf(db, input.area_id, input.account) : input.account;
    const found = input.type === 'mobile' ? await findUserByPhone(db, key) : await findUserByEmail(db, key);
    if (!found) throw new Refusal('code_invalid');
    const codeId = await checkCode(db, key, CODE_PURPOSE.reset, input.auth_code);
    const passwordHash = await hashPassword(input.new_password);
    await db.transaction(async (tx) => {
      await consumeCode(tx, codeId);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, found.id));
    });
    await revokeOtherSessions(db, found.id);
    const account = input.type === 'mobile' ? phoneLimitKey(input.area_id, input.account) : input.account;
    await traderLogin(account, ctx.ip).lift();
    return null;
  }, { successMsg: 'password_changed' });
}
