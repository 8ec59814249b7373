import { z } from 'zod/mini';
import { defineCall } from './define';
import { email, emailCode, int, intEnum, inviteCode, money, password, text } from './fields';
import { session, user } from './session';

// The user and the session live on their own, so the client's first paint loads them without the calls.
export { session, user, type Session, type User } from './session';

export const balance = z.object({ balance: money(), lock_balance: money() });

export const areaCode = z.object({ id: z.int(), code: z.string(), global_code: z.string() });

/** `verify_reg_type`: 0 email code, 1 and 3 registration by mobile with a texted code, 2 image captcha. */
export const basicInfo = z.object({
  service_link: z.string(),
  service_link_type: z.int(),
  verify_reg_type: intEnum(0, 1, 2, 3),
  trade_fee_type: z.int(),
  /** Ours: 1 makes /product the company directory (a staff setting), 0 the product search. */
  main_mode: z.optional(intEnum(0, 1)),
});
export type BasicInfo = z.infer<typeof basicInfo>;

/** What staff paused (ours), each with the message traders see; absent: open. */
export const PAUSE_SCOPES = ['trading', 'deposits', 'withdrawals'] as const;
export type PauseScope = (typeof PAUSE_SCOPES)[number];
export const companyStatus = z.object({
  status: z.int(), type: z.int(), loss_url: z.string(),
  paused: z.optional(z.partialRecord(z.enum(PAUSE_SCOPES), z.string().check(z.maxLength(500)))),
});

/** Code purposes: 1 register, 2 password reset. */
export const CODE_PURPOSE = { register: 1, reset: 2 } as const;

/** A national number as typed, digits only; its area's global code is chosen apart (`area_id`). */
export const mobileNumber = () => z.string().check(z.trim(), z.regex(/^\d{4,20}$/, 'must be 4 to 20 digits'));

const registerCommon = {
  password: password(),
  re_password: z.string().check(z.maxLength(128)),
  invite_code: z.optional(inviteCode()),
  /** The emailed or texted code, or the captcha answer when `verify_reg_type` is 2. */
  sms_code: z.optional(text(16)),
  /** The captcha id when `verify_reg_type` is 2. */
  key: z.optional(text(64)),
};

const resetCommon = { new_password: password(), secondary_password: z.string().check(z.maxLength(128)), auth_code: emailCode() };

export const accountCalls = {
  areaList: defineCall({
    method: 'GET', path: '/api/default/area_list', encoding: 'query', auth: false,
    request: z.object({}), response: z.array(areaCode),
  }),
  setting: defineCall({
    method: 'GET', path: '/api/default/setting', encoding: 'query', auth: false,
    request: z.object({ key: z.enum(['is_show_mobile']) }), response: z.union([z.string(), z.number()]),
  }),
  basicInfo: defineCall({
    method: 'GET', path: '/api/basicSet/getBasicInfo', encoding: 'query', auth: false,
    request: z.object({}), response: basicInfo,
  }),
  companyStatus: defineCall({
    method: 'GET', path: '/api/company/getCompanyStatus', encoding: 'query', auth: false,
    request: z.object({}), response: companyStatus,
  }),
  /** Image captcha for `verify_reg_type` 2: an id and a base64 data URL. */
  captcha: defineCall({
    method: 'GET', path: '/api/default/captcha', encoding: 'query', auth: false,
    request: z.object({}), response: z.object({ id: z.string(), b64s: z.string() }),
  }),
  sendEmail: defineCall({
    method: 'POST', path: '/api/notify/send_email', encoding: 'form', auth: false,
    request: z.object({ to: email(), type: intEnum(1, 2), area_id: z.optional(int()) }),
    response: z.null(),
  }),
  sendSms: defineCall({
    method: 'POST', path: '/api/notify/send_sms', encoding: 'form', auth: false,
    /** `to`: the national number; `area_id` names its area (spec: to, area_id, type). */
    request: z.object({ to: mobileNumber(), type: intEnum(1, 2), area_id: int() }),
    response: z.null(),
  }),
  register: defineCall({
    method: 'POST', path: '/api/user/register', encoding: 'form', auth: false,
    /** By email (modes 0 and 2) or by mobile (modes 1 and 3: area, number and the texted code). */
    request: z.discriminatedUnion('type', [
      z.object({ type: z.literal('email'), account: email(), ...registerCommon }),
      z.object({ type: z.literal('mobile'), area_id: int(), mobile: mobileNumber(), account: z.optional(text(254)), ...registerCommon }),
    ]),
    response: session,
  }),
  login: defineCall({
    method: 'POST', path: '/api/user/loginForU', encoding: 'form', auth: false,
    /** `mobile`: the account is the national number and `area_id` its area. */
    request: z.discriminatedUnion('login_type', [
      z.object({ login_type: z.literal('email'), account: email(), password: z.string().check(z.minLength(1), z.maxLength(128)) }),
      z.object({ login_type: z.literal('mobile'), account: mobileNumber(), area_id: int(), password: z.string().check(z.minLength(1), z.maxLength(128)) }),
    ]),
    response: session,
  }),
  logout: defineCall({
    method: 'POST', path: '/api/user/logout', encoding: 'form', auth: true,
    request: z.object({}), response: z.null(),
  }),
  createDemo: defineCall({
    method: 'GET', path: '/api/user/createAccountDemoForU', encoding: 'query', auth: false,
    /**
     * A random UUID the client made (crypto.randomUUID, version 4): a guessable id would open
     * someone's account, so the nil and all-ones ids and other versions are refused.
     */
    request: z.object({ demo_id: z.pipe(z.pipe(z.string().check(z.trim()), z.uuidv4()), z.transform((id) => id.toLowerCase())) }),
    response: session,
  }),
  info: defineCall({
    method: 'GET', path: '/api/user/info', encoding: 'query', auth: true,
    request: z.object({}), response: user,
  }),
  balance: defineCall({
    method: 'GET', path: '/v1/api/main/wallet/getBalance', encoding: 'query', auth: true,
    request: z.object({}), response: balance,
  }),
  amendPassword: defineCall({
    method: 'POST', path: '/api/user/amend_password', encoding: 'form', auth: true,
    request: z.object(resetCommon),
    response: z.null(),
  }),
  forgetPassword: defineCall({
    method: 'POST', path: '/api/user/forget_password', encoding: 'form', auth: false,
    /** By email, or by mobile with the code texted for reset (`send_sms` type 2). */
    request: z.discriminatedUnion('type', [
      z.object({ type: z.literal('email'), account: email(), ...resetCommon }),
      z.object({ type: z.literal('mobile'), account: mobileNumber(), area_id: int(), ...resetCommon }),
    ]),
    response: z.null(),
  }),
} as const;
