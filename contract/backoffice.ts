import { z } from 'zod/mini';
import { defineCall } from './define';
import { company } from './content';
import { reference, USD_PRICE_PLACES, WITHDRAW_STATUSES } from './funds';
import { decimal, email, int, intEnum, LANGUAGES, money, pageQuery, paged, password, positiveInt, requiredText, text, type Language } from './fields';

/**
 * The back-office API under `/admin/api/`: the same envelope, its own staff sessions. Bodies may be
 * JSON or form-encoded. Roles: finance (deposits, withdrawals, adjustments), compliance (identity),
 * admin (everything, staff and settings).
 */
/** Rows of a back-office list page when the screen asks for no other `limit`. */
export const BACKOFFICE_PAGE = 20;
export const STAFF_ROLES = ['finance', 'compliance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const reason = () => requiredText(500);
const time = () => text(32);
const otp = () => z.string().check(z.trim(), z.regex(/^\d{6}$/, 'must be 6 digits'));

export const staffView = z.object({ id: z.int(), email: text(254), role: z.enum(STAFF_ROLES) });
export type StaffView = z.infer<typeof staffView>;

/** What a reviewer needs to decide, beside each request. */
const traderFacts = z.object({
  user_id: z.int(),
  uid: text(32),
  email: z.nullable(text(254)),
  /** REVIEW_STATUS of the trader's identity. */
  identity: z.int(),
  net_deposits: money(),
  available: money(),
  margin_in_use: money(),
  /** Positions closed: money paid in and out again with no trading between is worth a second look. */
  closed_trades: z.int(),
  /** The trader's language when asking: the decision's email, and the reason in it, reach them in it. */
  lang: z.optional(text(8)),
});

/**
 * When a request was made and how long it waited: until now while it is open, until its decision
 * once decided, with when and by whom (the staff member's email; null when the trader withdrew it).
 */
const waiting = { created_at: time(), waited_seconds: z.int(), decided_at: z.nullable(time()), decided_by: z.nullable(text(255)) };

export const depositItem = z.extend(traderFacts, {
  id: z.int(),
  amount: money(),
  /** `coin:<network id>` or `wire:<bank account id>`, and its readable name. */
  channel: text(64),
  channel_name: text(256),
  currency_code: text(32),
  reference: z.nullable(text(128)),
  proof_url: text(1024),
  status: intEnum(0, 1, 2, 3),
  remark: z.nullable(text(1024)),
  /** Other deposits, waiting or credited, whose proof is the same picture: one transfer claimed twice. */
  same_proof: z.array(z.int()),
  ...waiting,
});
export type DepositItem = z.infer<typeof depositItem>;

export const withdrawalItem = z.extend(traderFacts, {
  id: z.int(),
  amount: money(),
  fee: money(),
  received: money(),
  currency: text(64),
  /**
   * The full address, or the bank account's parts (bank, SWIFT, payee, account): staff pay to it. Parts,
   * not one string, so that each is shown in its own direction (an Arabic payee's name before the
   * account would otherwise reorder its groups of digits) and copied alone.
   */
  destination: z.array(text(256)),
  /** The trader deleted that address or account after asking: staff check with them before paying. */
  destination_deleted: z.boolean(),
  status: z.enum(WITHDRAW_STATUSES),
  first_approver: z.nullable(z.int()),
  first_approver_email: z.nullable(text(255)),
  needs_two: z.boolean(),
  txid: z.nullable(text(256)),
  reason: z.nullable(text(1024)),
  memo: z.nullable(text(255)),
  ...waiting,
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;

export const identityItem = z.extend(z.omit(traderFacts, { net_deposits: true, available: true, margin_in_use: true, closed_trades: true }), {
  name: text(64),
  card_id: text(32),
  front_url: text(1024),
  back_url: text(1024),
  review_status: intEnum(0, 1, 2, 3),
  reason: z.nullable(text(512)),
  attempts: z.int(),
  /** Submissions the trader may still send: 0 when a rejected case can only be reopened by staff. */
  attempts_left: z.int(),
  /** Other accounts already verified with the same ID number. */
  same_id_verified: z.array(z.int()),
  /** Front and back are one file uploaded twice (the same link twice is refused to the trader). */
  same_pictures: z.boolean(),
  ...waiting,
});
export type IdentityItem = z.infer<typeof identityItem>;

/** With the trader it is for: the checker sees who they are crediting, and their balance. */
export const adjustmentItem = z.extend(traderFacts, {
  id: z.int(),
  amount: money(),
  reason: text(500),
  status: z.enum(['pending', 'applied', 'rejected']),
  requested_by: z.int(),
  resolved_by: z.nullable(z.int()),
  created_at: time(),
});
export type AdjustmentItem = z.infer<typeof adjustmentItem>;

export const auditItem = z.object({
  id: z.int(),
  staff_id: z.nullable(z.int()),
  staff_email: z.nullable(text(254)),
  action: text(64),
  target: text(128),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.nullable(text(1024)),
  ip: z.nullable(text(64)),
  at: time(),
});
export type AuditItem = z.infer<typeof auditItem>;

const post = <Req extends z.ZodMiniType, Res extends z.ZodMiniType>(path: string, request: Req, response: Res) =>
  defineCall({ method: 'POST', path: `/admin/api/${path}`, encoding: 'json', auth: true, request, response });
const get = <Req extends z.ZodMiniType, Res extends z.ZodMiniType>(path: string, request: Req, response: Res) =>
  defineCall({ method: 'GET', path: `/admin/api/${path}`, encoding: 'query', auth: true, request, response });
const done = z.null();
/** A queue of one trader: their id, uid, email or full phone number, as the trader look-up takes it. */
const traderQuery = { trader: z.optional(text(254)) };

export const backofficeCalls = {
  /**
   * Password and TOTP. A staff member who has not enrolled yet gets code 0 with the enrolment
   * (`data.otpauth`, `data.secret`) and logs in again with a code from it.
   */
  login: defineCall({
    method: 'POST', path: '/admin/api/auth/login', encoding: 'json', auth: false,
    request: z.object({ email: email(), password: z.string().check(z.minLength(1), z.maxLength(128)), otp: z.optional(otp()) }),
    response: z.object({ token: text(200), staff: staffView }),
  }),
  logout: post('auth/logout', z.object({}), done),
  me: get('auth/me', z.object({}), staffView),
  /**
   * How many requests wait in each queue the staff member's role works on (the others are absent).
   * `withdrawals` counts new ones and those approved once; `second_approvals` the latter alone;
   * `feedback` the feedback not handled yet.
   */
  pending: get('pending', z.object({}), z.object({
    deposits: z.optional(z.int()), withdrawals: z.optional(z.int()), second_approvals: z.optional(z.int()), identity: z.optional(z.int()), adjustments: z.optional(z.int()),
    feedback: z.optional(z.int()),
  })),

  deposits: get('deposits', z.object({ status: z._default(intEnum(0, 1, 2, 3), 0), ...traderQuery, ...pageQuery }), paged(depositItem)),
  approveDeposit: post('deposits/approve', z.object({ id: positiveInt(), reference: reference() }), done),
  rejectDeposit: post('deposits/reject', z.object({ id: positiveInt(), reason: reason() }), done),

  withdrawals: get('withdrawals', z.object({ status: z._default(z.enum(WITHDRAW_STATUSES), 'waiting'), ...traderQuery, ...pageQuery }), paged(withdrawalItem)),
  /**
   * Pays it; at or above the four-eyes threshold the first approval waits for a second staff member.
   * The transaction hash belongs to the approval that pays, and only that one needs it.
   */
  approveWithdrawal: post('withdrawals/approve', z.object({ id: positiveInt(), txid: z.optional(text(256)) }),
    z.object({ status: z.enum(WITHDRAW_STATUSES) })),
  rejectWithdrawal: post('withdrawals/reject', z.object({ id: positiveInt(), reason: reason() }), done),

  identity: get('identity', z.object({ status: z._default(intEnum(1, 2, 3), 1), ...traderQuery, ...pageQuery }), paged(identityItem)),
  /** `attempt`: the submission the reviewer saw (the queue's `attempts`); one sent since is refused. */
  approveIdentity: post('identity/approve', z.object({ user_id: positiveInt(), attempt: z.optional(positiveInt()) }), done),
  rejectIdentity: post('identity/reject', z.object({ user_id: positiveInt(), attempt: z.optional(positiveInt()), reason: reason() }), done),
  /** A rejected case that used every submission gets one more. */
  reopenIdentity: post('identity/reopen', z.object({ user_id: positiveInt(), attempt: z.optional(positiveInt()) }), done),

  /** Admin only: a new staff member and the TOTP secret they enrol with. */
  createStaff: post('staff', z.object({ email: email(), password: password(), role: z.enum(STAFF_ROLES) }),
    z.object({ id: z.int(), totp_secret: text(64), otpauth: text(512) })),
  staffList: get('staff', z.object({}), z.array(z.extend(staffView, { active: z.boolean() }))),
  /**
   * Admin only: another staff member's role and access. Deactivating ends their sessions at once;
   * nobody changes their own.
   */
  updateStaff: post('staff/update', z.object({ id: positiveInt(), role: z.enum(STAFF_ROLES), active: intEnum(0, 1) }),
    z.extend(staffView, { active: z.boolean() })),
  /** Admin only: a new authenticator secret for another staff member, shown once to hand over. */
  resetStaffAuthenticator: post('staff/reset-authenticator', z.object({ id: positiveInt() }), z.object({ totp_secret: text(64), otpauth: text(512) })),

  /** A manual balance change waits for a second staff member. */
  /** At most a million either way: a larger sum is no manual correction. */
  adjust: post('adjust', z.object({ user_id: positiveInt(), amount: decimal(2).min(-1_000_000).max(1_000_000).check(z.refine((v) => v !== 0, 'must not be 0')), reason: reason() }),
    z.object({ id: z.int() })),
  adjustments: get('adjustments', z.object({ status: z._default(z.enum(['pending', 'applied', 'rejected']), 'pending'), ...pageQuery }), paged(adjustmentItem)),
  approveAdjustment: post('adjust/approve', z.object({ id: positiveInt() }), done),
  rejectAdjustment: post('adjust/reject', z.object({ id: positiveInt(), reason: reason() }), done),

  /** Admin only. */
  /**
   * Newest first. `staff_id` or `staff_email` name who; `action` matches an action or its start
   * (`deposit` finds `deposit.approve` and `deposit.reject`); `target` is exact (`withdrawal:4`).
   */
  audit: get('audit', z.object({
    staff_id: z.optional(positiveInt()), staff_email: z.optional(text(254)), action: z.optional(text(64)), target: z.optional(text(128)), ...pageQuery,
  }), paged(auditItem)),
} as const;

// Funds channels and site settings, edited by admins. An `id` updates that row; none creates one.
const limit = () => decimal(6).min(0).max(1e12);
/** A range whose maximum is below its minimum: the server says so in the reader's language. */
export const MAX_BELOW_MIN = 'must not be below the minimum';
const maxNotBelowMin = () => z.refine<{ min_amount: number; max_amount: number }>((r) => r.max_amount >= r.min_amount, { path: ['max_amount'], message: MAX_BELOW_MIN });
const flag = () => z._default(z.union([z.boolean(), z.pipe(z.literal(0), z.transform(() => false)), z.pipe(z.literal(1), z.transform(() => true)),
  z.pipe(z.enum(['true', 'false', '1', '0']), z.transform((v) => v === 'true' || v === '1'))]), true);

export const networkItem = z.object({
  id: z.int(), currency_code: text(32), protocol_code: text(32), address: text(256),
  min_amount: money(), max_amount: money(), active: z.boolean(), example: z.boolean(),
});
export const bankCoinItem = z.object({ id: z.int(), name: text(64), active: z.boolean() });
export const wireAccountItem = z.object({
  id: z.int(), bank_coin_id: z.int(), bank_name: text(128), bank_address: text(256), bank_swift: text(32),
  payee_name: text(128), payee_account: text(64), bank_remark: z.nullable(text(1024)),
  min_amount: money(), max_amount: money(), active: z.boolean(), example: z.boolean(),
});
export const currencyItem = z.object({
  id: z.int(), type: intEnum(1, 2), code: text(32), protocol: text(32), fee_type: z.int(),
  draw_rate: money(), usd_price: money(), min_amount: money(), active: z.boolean(), example: z.boolean(),
});

const code = () => requiredText(32).check(z.regex(/^[A-Za-z0-9._-]+$/, 'must be letters and digits'));
const rowId = () => z.optional(positiveInt());

export const backofficeSettingsCalls = {
  channels: get('funds/channels', z.object({}), z.object({
    networks: z.array(networkItem), bank_coins: z.array(bankCoinItem), wire_accounts: z.array(wireAccountItem), currencies: z.array(currencyItem),
  })),
  saveNetwork: post('funds/network', z.object({
    id: rowId(), currency_code: code(), protocol_code: code(), address: requiredText(256), min_amount: limit(), max_amount: limit(), active: flag(),
  }).check(maxNotBelowMin()), z.object({ id: z.int() })),
  saveBankCoin: post('funds/bank_coin', z.object({ id: rowId(), name: requiredText(64), active: flag() }), z.object({ id: z.int() })),
  saveWireAccount: post('funds/wire_account', z.object({
    id: rowId(), bank_coin_id: positiveInt(), bank_name: requiredText(128), bank_address: requiredText(256), bank_swift: requiredText(32),
    payee_name: requiredText(128), payee_account: requiredText(64), bank_remark: z.optional(text(1024)), min_amount: limit(), max_amount: limit(), active: flag(),
  }).check(maxNotBelowMin()), z.object({ id: z.int() })),
  saveCurrency: post('funds/currency', z.object({
    id: rowId(), type: intEnum(1, 2), code: code(), protocol: code(), fee_type: intEnum(1, 2),
    draw_rate: decimal(6).min(0).max(1e9), usd_price: decimal(USD_PRICE_PLACES).positive().max(1e7), min_amount: limit(), active: flag(),
  }), z.object({ id: z.int() })),
  /** Every site setting by key. */
  settings: get('settings', z.object({}), z.record(z.string(), z.unknown())),
  /** `value` is JSON of the same shape as the setting's default; it applies at once. */
  saveSetting: post('settings', z.object({ key: requiredText(64), value: z.unknown() }), done),
} as const;

/** Flat names of the settings staff edit (issue's list), beside the settings' own keys. */
export const SETTING_ALIASES = {
  trade_fee_type: ['basic_info', 'trade_fee_type'],
  verify_reg_type: ['basic_info', 'verify_reg_type'],
  service_link: ['basic_info', 'service_link'],
  service_link_type: ['basic_info', 'service_link_type'],
  site_title: ['site_config', 'title'],
  loss_url: ['company_status', 'loss_url'],
} as const;

/** Empty, or an http(s) address: traders' browsers follow it (company links, the site settings' links). */
export const webLink = () => text(1024).check(z.refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'must be an http(s) address'));

export const areaItem = z.object({ id: z.int(), code: text(3), global_code: text(4), active: z.boolean(), accounts: z.int() });
export type AreaItem = z.infer<typeof areaItem>;

export const backofficeSiteCalls = {
  /** `on` 1 pauses the scope (site: closes it, browsers go to `loss_url`), 0 opens it again. */
  pause: post('pause', z.object({ scope: z.enum(['site', 'trading', 'deposits', 'withdrawals']), on: intEnum(0, 1), message: z.optional(text(500)) }), done),

  news: get('news', z.object({ ...pageQuery }), paged(z.object({
    id: z.int(), title: text(255), desc: text(1024), logo: text(1024), created_at: time(), content: text(200_000), lang: z.nullable(text(8)), published: z.boolean(),
  }))),
  /** Published at once unless `published` is 0; the HTML is sanitised on save. */
  saveNews: post('news', z.object({
    id: rowId(), title: requiredText(255), desc: z._default(text(1024), ''), content: requiredText(200_000), logo: z.optional(text(1024)),
    // `tw` is read as `hk`, as the readers' `lang` is (spec).
    lang: z.optional(z.union([z.literal(''), z.enum(LANGUAGES), z.pipe(z.literal('tw'), z.transform((): Language => 'hk'))])), published: flag(),
  }), z.object({ id: z.int() })),
  /** A picture for news (multipart part `file`): answers a public link to put in the HTML or as logo. */
  newsImage: defineCall({ method: 'POST', path: '/admin/api/news/image', encoding: 'multipart', auth: true, request: z.object({}), response: z.object({ url: text(1024) }) }),
  /** Newest first, with the sender's email and who handled each, and when (null while open). */
  feedback: get('feedback', z.object({ ...pageQuery }), paged(z.object({
    id: z.int(), user_id: z.nullable(z.int()), email: z.nullable(text(254)), text: text(2000), contact: z.nullable(text(254)), created_at: time(),
    handled_by: z.nullable(text(254)), handled_at: z.nullable(time()),
  }))),
  /** Marks feedback handled (once: a second mark is refused as already handled). */
  handleFeedback: post('feedback/handle', z.object({ id: positiveInt() }), done),
  /** Every company of the directory, inactive ones too (traders see the active ones). */
  companies: get('companies', z.object({}), z.array(z.extend(company, { active: z.boolean() }))),
  saveCompany: post('companies', z.object({
    id: rowId(), name: requiredText(255), logo: z._default(text(1024), ''), url: z._default(webLink(), ''), subject: z._default(text(1024), ''),
    registered_address: z._default(text(512), ''), location: z._default(text(255), ''),
    email: z._default(z.union([z.literal(''), email()]), ''), active: flag(),
  }), z.object({ id: z.int() })),
  /** The area codes of registration by mobile, inactive ones too, with how many accounts use each. */
  areas: get('areas', z.object({}), z.array(areaItem)),
  /** Adds an area (no `id`) or changes one; an inactive area leaves `area_list` at once. */
  saveArea: post('areas', z.object({
    id: rowId(), code: z.pipe(z.pipe(requiredText(3), z.transform((v) => v.toUpperCase())), z.string().check(z.regex(/^[A-Z]{2,3}$/, 'must be 2 or 3 letters'))),
    global_code: requiredText(4).check(z.regex(/^[1-9]\d{0,3}$/, 'must be 1 to 4 digits, not starting with 0')), active: flag(),
  }), z.object({ id: z.int() })),
  /** Removes an area no account was registered with; one in use is refused (make it inactive instead). */
  removeArea: post('areas/remove', z.object({ id: positiveInt() }), done),
  /** A trader by id, uid or email, with who invited them and how many they invited. */
  trader: get('trader', z.object({ q: requiredText(254) }), z.object({
    id: z.int(), uid: text(32), email: z.nullable(text(254)), phone: z.nullable(text(32)), is_demo: z.boolean(), invite_code: text(16),
    invited_by: z.nullable(z.object({ id: z.int(), uid: text(32), email: z.nullable(text(254)) })), invited: z.int(),
    available: money(), frozen: money(), identity: z.int(), created_at: time(),
  })),
} as const;

// Products and their categories, edited by admins; each change applies to the next quote list,
// ticket and order without a restart.

/** What staff may change of a product, by the name the call uses. */
export const PRODUCT_FIELDS = ['market_status', 'leverages', 'spread', 'fee_rate', 'min_lots', 'max_lots', 'step', 'units_per_lot', 'margin_mode', 'precision', 'category'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** Leverage values as a list or as text ("1, 5, 10"); at least one, each 1 to 1000, no repeats. */
/**
 * Leverages offered, "10, 50, 100"; none ("" or []) stops new orders on the product, which traders are
 * told ("Leverage not configured", spec section 5) while its positions run on.
 */
const leverageList = () => z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.split(',').map((part) => part.trim()).filter((part) => part !== '').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : v)),
  z.array(z.int().check(z.gte(1), z.lte(1000))).check(z.maxLength(20), z.refine((list) => new Set(list).size === list.length, 'must not repeat a value')),
);
const lots = () => decimal(8).positive().max(1e6);

const productEdit = <F extends ProductField, V extends z.ZodMiniType>(field: F, value: V) =>
  z.object({ id: positiveInt(), field: z.literal(field), value });

export const productEditRequest = z.discriminatedUnion('field', [
  /** 0 follows the sessions, 1 held open, 2 held closed. */
  productEdit('market_status', intEnum(0, 1, 2)),
  productEdit('leverages', leverageList()),
  /** Ask minus bid, in the price's own unit (EUR/USD 0.00012): quoted from the next tick. */
  productEdit('spread', decimal(10).min(0).max(1e6)),
  productEdit('fee_rate', decimal(8).min(0).max(1e6)),
  productEdit('min_lots', lots()),
  productEdit('max_lots', lots()),
  productEdit('step', lots()),
  productEdit('units_per_lot', decimal(8).positive().max(1e9)),
  /** 1 fixed margin per lot, 2 price-based. */
  productEdit('margin_mode', intEnum(1, 2)),
  productEdit('precision', int().min(0).max(10)),
  productEdit('category', positiveInt()),
]);
export type ProductEdit = z.output<typeof productEditRequest>;

export const productSettingsItem = z.object({
  id: z.int(), code: text(32), show_code: text(64), category: z.int(), market_status: intEnum(0, 1, 2),
  /** What traders see now (sessions and override together). */
  open: z.boolean(),
  leverages: z.array(z.int()), spread: money(), fee_rate: money(), min_lots: money(), max_lots: money(), step: money(),
  units_per_lot: money(), margin_mode: z.int(), precision: z.int(),
});
export type ProductSettingsItem = z.infer<typeof productSettingsItem>;

/** A name in each of the 21 languages. */
export const categoryNames = z.object(Object.fromEntries(LANGUAGES.map((lang) => [lang, requiredText(64)])) as Record<Language, ReturnType<typeof requiredText>>);
export const categoryItem = z.object({ id: z.int(), sort: z.int(), names: z.record(z.string(), z.string()) });
export type CategoryItem = z.infer<typeof categoryItem>;

export const backofficeProductCalls = {
  products: get('products', z.object({}), z.object({ products: z.array(productSettingsItem), categories: z.array(categoryItem) })),
  /** One field of one product; answers the product as it now is. */
  saveProduct: post('products', productEditRequest, productSettingsItem),
  /** A category's names in every language; no `id` adds one. */
  saveCategory: post('categories', z.object({ id: rowId(), sort: z.optional(int().min(0).max(10_000)), names: categoryNames }), z.object({ id: z.int() })),
} as const;
