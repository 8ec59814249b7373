import { z } from 'zod';
import { defineCall } from './define';
import { company } from './content';
import { WITHDRAW_STATUSES } from './funds';
import { decimal, email, int, intEnum, LANGUAGES, money, pageQuery, paged, password, positiveInt, requiredText, text, type Language } from './fields';

/**
 * The back-office API under `/admin/api/`: the same envelope, its own staff sessions. Bodies may be
 * JSON or form-encoded. Roles: finance (deposits, withdrawals, adjustments), compliance (identity),
 * admin (everything, staff and settings).
 */
export const STAFF_ROLES = ['finance', 'compliance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const reason = () => requiredText(500);
const time = () => text(32);
const otp = () => z.string().trim().regex(/^\d{6}$/, 'must be 6 digits');

export const staffView = z.object({ id: z.number().int(), email: text(254), role: z.enum(STAFF_ROLES) });
export type StaffView = z.infer<typeof staffView>;

/** What a reviewer needs to decide, beside each request. */
const traderFacts = z.object({
  user_id: z.number().int(),
  uid: text(32),
  email: text(254).nullable(),
  /** REVIEW_STATUS of the trader's identity. */
  identity: z.number().int(),
  net_deposits: money(),
  available: money(),
  margin_in_use: money(),
});

const waiting = { created_at: time(), waited_seconds: z.number().int() };

export const depositItem = traderFacts.extend({
  id: z.number().int(),
  amount: money(),
  /** `coin:<network id>` or `wire:<bank account id>`, and its readable name. */
  channel: text(64),
  channel_name: text(256),
  currency_code: text(32),
  reference: text(128).nullable(),
  proof_url: text(1024),
  status: intEnum(0, 1, 2, 3),
  remark: text(1024).nullable(),
  ...waiting,
});
export type DepositItem = z.infer<typeof depositItem>;

export const withdrawalItem = traderFacts.extend({
  id: z.number().int(),
  amount: money(),
  fee: money(),
  received: money(),
  currency: text(64),
  /** The full address or bank account: staff pay to it. */
  destination: text(512),
  status: z.enum(WITHDRAW_STATUSES),
  first_approver: z.number().int().nullable(),
  needs_two: z.boolean(),
  txid: text(256).nullable(),
  reason: text(1024).nullable(),
  memo: text(255).nullable(),
  ...waiting,
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;

export const identityItem = traderFacts.omit({ net_deposits: true, available: true, margin_in_use: true }).extend({
  name: text(64),
  card_id: text(32),
  front_url: text(1024),
  back_url: text(1024),
  review_status: intEnum(0, 1, 2, 3),
  reason: text(512).nullable(),
  attempts: z.number().int(),
  /** Other accounts already verified with the same ID number. */
  same_id_verified: z.array(z.number().int()),
  ...waiting,
});
export type IdentityItem = z.infer<typeof identityItem>;

export const adjustmentItem = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  amount: money(),
  reason: text(500),
  status: z.enum(['pending', 'applied', 'rejected']),
  requested_by: z.number().int(),
  resolved_by: z.number().int().nullable(),
  created_at: time(),
});
export type AdjustmentItem = z.infer<typeof adjustmentItem>;

export const auditItem = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_email: text(254).nullable(),
  action: text(64),
  target: text(128),
  before: z.unknown(),
  after: z.unknown(),
  reason: text(1024).nullable(),
  ip: text(64).nullable(),
  at: time(),
});
export type AuditItem = z.infer<typeof auditItem>;

const post = <Req extends z.ZodType, Res extends z.ZodType>(path: string, request: Req, response: Res) =>
  defineCall({ method: 'POST', path: `/admin/api/${path}`, encoding: 'json', auth: true, request, response });
const get = <Req extends z.ZodType, Res extends z.ZodType>(path: string, request: Req, response: Res) =>
  defineCall({ method: 'GET', path: `/admin/api/${path}`, encoding: 'query', auth: true, request, response });
const done = z.null();

export const backofficeCalls = {
  /**
   * Password and TOTP. A staff member who has not enrolled yet gets code 0 with the enrolment
   * (`data.otpauth`, `data.secret`) and logs in again with a code from it.
   */
  login: defineCall({
    method: 'POST', path: '/admin/api/auth/login', encoding: 'json', auth: false,
    request: z.object({ email: email(), password: z.string().min(1).max(128), otp: otp().optional() }),
    response: z.object({ token: text(200), staff: staffView }),
  }),
  logout: post('auth/logout', z.object({}), done),
  me: get('auth/me', z.object({}), staffView),

  deposits: get('deposits', z.object({ status: intEnum(0, 1, 2, 3).default(0), ...pageQuery }), paged(depositItem)),
  approveDeposit: post('deposits/approve', z.object({ id: positiveInt(), reference: text(128).optional() }), done),
  rejectDeposit: post('deposits/reject', z.object({ id: positiveInt(), reason: reason() }), done),

  withdrawals: get('withdrawals', z.object({ status: z.enum(WITHDRAW_STATUSES).default('waiting'), ...pageQuery }), paged(withdrawalItem)),
  /** Pays it; at or above the four-eyes threshold the first approval waits for a second staff member. */
  approveWithdrawal: post('withdrawals/approve', z.object({ id: positiveInt(), txid: requiredText(256) }),
    z.object({ status: z.enum(WITHDRAW_STATUSES) })),
  rejectWithdrawal: post('withdrawals/reject', z.object({ id: positiveInt(), reason: reason() }), done),

  identity: get('identity', z.object({ status: intEnum(1, 2, 3).default(1), ...pageQuery }), paged(identityItem)),
  approveIdentity: post('identity/approve', z.object({ user_id: positiveInt() }), done),
  rejectIdentity: post('identity/reject', z.object({ user_id: positiveInt(), reason: reason() }), done),

  /** Admin only: a new staff member and the TOTP secret they enrol with. */
  createStaff: post('staff', z.object({ email: email(), password: password(), role: z.enum(STAFF_ROLES) }),
    z.object({ id: z.number().int(), totp_secret: text(64), otpauth: text(512) })),
  staffList: get('staff', z.object({}), z.array(staffView.extend({ active: z.boolean() }))),

  /** A manual balance change waits for a second staff member. */
  adjust: post('adjust', z.object({ user_id: positiveInt(), amount: decimal().refine((v) => v !== 0, 'must not be 0'), reason: reason() }),
    z.object({ id: z.number().int() })),
  adjustments: get('adjustments', z.object({ status: z.enum(['pending', 'applied', 'rejected']).default('pending'), ...pageQuery }), paged(adjustmentItem)),
  approveAdjustment: post('adjust/approve', z.object({ id: positiveInt() }), done),
  rejectAdjustment: post('adjust/reject', z.object({ id: positiveInt(), reason: reason() }), done),

  /** Admin only. */
  audit: get('audit', z.object({ staff_id: positiveInt().optional(), action: text(64).optional(), ...pageQuery }), paged(auditItem)),
} as const;

// Funds channels and site settings, edited by admins. An `id` updates that row; none creates one.
const limit = () => decimal().min(0).max(1e12);
const flag = () => z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]).default(true);

export const networkItem = z.object({
  id: z.number().int(), currency_code: text(32), protocol_code: text(32), address: text(256),
  min_amount: money(), max_amount: money(), active: z.boolean(), example: z.boolean(),
});
export const bankCoinItem = z.object({ id: z.number().int(), name: text(64), active: z.boolean() });
export const wireAccountItem = z.object({
  id: z.number().int(), bank_coin_id: z.number().int(), bank_name: text(128), bank_address: text(256), bank_swift: text(32),
  payee_name: text(128), payee_account: text(64), bank_remark: text(1024).nullable(),
  min_amount: money(), max_amount: money(), active: z.boolean(), example: z.boolean(),
});
export const currencyItem = z.object({
  id: z.number().int(), type: intEnum(1, 2), code: text(32), protocol: text(32), fee_type: z.number().int(),
  draw_rate: money(), usd_price: money(), min_amount: money(), active: z.boolean(), example: z.boolean(),
});

const code = () => requiredText(32).regex(/^[A-Za-z0-9._-]+$/, 'must be letters and digits');
const rowId = () => positiveInt().optional();

export const backofficeSettingsCalls = {
  channels: get('funds/channels', z.object({}), z.object({
    networks: z.array(networkItem), bank_coins: z.array(bankCoinItem), wire_accounts: z.array(wireAccountItem), currencies: z.array(currencyItem),
  })),
  saveNetwork: post('funds/network', z.object({
    id: rowId(), currency_code: code(), protocol_code: code(), address: requiredText(256), min_amount: limit(), max_amount: limit(), active: flag(),
  }).refine((r) => r.max_amount >= r.min_amount, { path: ['max_amount'], message: 'must not be below the minimum' }), z.object({ id: z.number().int() })),
  saveBankCoin: post('funds/bank_coin', z.object({ id: rowId(), name: requiredText(64), active: flag() }), z.object({ id: z.number().int() })),
  saveWireAccount: post('funds/wire_account', z.object({
    id: rowId(), bank_coin_id: positiveInt(), bank_name: requiredText(128), bank_address: requiredText(256), bank_swift: requiredText(32),
    payee_name: requiredText(128), payee_account: requiredText(64), bank_remark: text(1024).optional(), min_amount: limit(), max_amount: limit(), active: flag(),
  }).refine((r) => r.max_amount >= r.min_amount, { path: ['max_amount'], message: 'must not be below the minimum' }), z.object({ id: z.number().int() })),
  saveCurrency: post('funds/currency', z.object({
    id: rowId(), type: intEnum(1, 2), code: code(), protocol: code(), fee_type: intEnum(1, 2),
    draw_rate: decimal().min(0).max(1e9), usd_price: decimal().positive().max(1e12), min_amount: limit(), active: flag(),
  }), z.object({ id: z.number().int() })),
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

export const areaItem = z.object({ id: z.number().int(), code: text(3), global_code: text(4), active: z.boolean(), accounts: z.number().int() });
export type AreaItem = z.infer<typeof areaItem>;

export const backofficeSiteCalls = {
  /** `on` 1 pauses the scope (site: closes it, browsers go to `loss_url`), 0 opens it again. */
  pause: post('pause', z.object({ scope: z.enum(['site', 'trading', 'deposits', 'withdrawals']), on: intEnum(0, 1), message: text(500).optional() }), done),

  news: get('news', z.object({ ...pageQuery }), paged(z.object({
    id: z.number().int(), title: text(255), desc: text(1024), logo: text(1024), created_at: time(), content: text(200_000), lang: text(8).nullable(), published: z.boolean(),
  }))),
  /** Published at once unless `published` is 0; the HTML is sanitised on save. */
  saveNews: post('news', z.object({
    id: rowId(), title: requiredText(255), desc: text(1024).default(''), content: requiredText(200_000), logo: text(1024).optional(),
    lang: text(8).optional(), published: flag(),
  }), z.object({ id: z.number().int() })),
  /** A picture for news (multipart part `file`): answers a public link to put in the HTML or as logo. */
  newsImage: defineCall({ method: 'POST', path: '/admin/api/news/image', encoding: 'multipart', auth: true, request: z.object({}), response: z.object({ url: text(1024) }) }),
  feedback: get('feedback', z.object({ ...pageQuery }), paged(z.object({
    id: z.number().int(), user_id: z.number().int().nullable(), text: text(2000), contact: text(254).nullable(), created_at: time(),
  }))),
  /** Every company of the directory, inactive ones too (traders see the active ones). */
  companies: get('companies', z.object({}), z.array(company.extend({ active: z.boolean() }))),
  saveCompany: post('companies', z.object({
    id: rowId(), name: requiredText(255), logo: text(1024).default(''), url: text(1024).default(''), subject: text(1024).default(''),
    registered_address: text(512).default(''), location: text(255).default(''), email: text(254).default(''), active: flag(),
  }), z.object({ id: z.number().int() })),
  /** The area codes of registration by mobile, inactive ones too, with how many accounts use each. */
  areas: get('areas', z.object({}), z.array(areaItem)),
  /** Adds an area (no `id`) or changes one; an inactive area leaves `area_list` at once. */
  saveArea: post('areas', z.object({
    id: rowId(), code: requiredText(3).transform((v) => v.toUpperCase()).pipe(z.string().regex(/^[A-Z]{2,3}$/, 'must be 2 or 3 letters')),
    global_code: requiredText(4).regex(/^[1-9]\d{0,3}$/, 'must be 1 to 4 digits, not starting with 0'), active: flag(),
  }), z.object({ id: z.number().int() })),
  /** Removes an area no account was registered with; one in use is refused (make it inactive instead). */
  removeArea: post('areas/remove', z.object({ id: positiveInt() }), done),
  /** A trader by id, uid or email, with who invited them and how many they invited. */
  trader: get('trader', z.object({ q: requiredText(254) }), z.object({
    id: z.number().int(), uid: text(32), email: text(254).nullable(), is_demo: z.boolean(), invite_code: text(16),
    invited_by: z.object({ id: z.number().int(), uid: text(32), email: text(254).nullable() }).nullable(), invited: z.number().int(),
    available: money(), frozen: money(), identity: z.number().int(), created_at: time(),
  })),
} as const;

// Products and their categories, edited by admins; each change applies to the next quote list,
// ticket and order without a restart.

/** What staff may change of a product, by the name the call uses. */
export const PRODUCT_FIELDS = ['market_status', 'leverages', 'fee_rate', 'min_lots', 'max_lots', 'step', 'units_per_lot', 'margin_mode', 'precision', 'category'] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/** Leverage values as a list or as text ("1, 5, 10"); at least one, each 1 to 1000, no repeats. */
const leverageList = () => z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((part) => part.trim()).filter((part) => part !== '').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : v),
  z.array(z.number().int().min(1).max(1000)).min(1).max(20).refine((list) => new Set(list).size === list.length, 'must not repeat a value'),
);
const lots = () => decimal().positive().max(1e6);

const productEdit = <F extends ProductField, V extends z.ZodType>(field: F, value: V) =>
  z.object({ id: positiveInt(), field: z.literal(field), value });

export const productEditRequest = z.discriminatedUnion('field', [
  /** 0 follows the sessions, 1 held open, 2 held closed. */
  productEdit('market_status', intEnum(0, 1, 2)),
  productEdit('leverages', leverageList()),
  productEdit('fee_rate', decimal().min(0).max(1e6)),
  productEdit('min_lots', lots()),
  productEdit('max_lots', lots()),
  productEdit('step', lots()),
  productEdit('units_per_lot', decimal().positive().max(1e9)),
  /** 1 fixed margin per lot, 2 price-based. */
  productEdit('margin_mode', intEnum(1, 2)),
  productEdit('precision', int().min(0).max(10)),
  productEdit('category', positiveInt()),
]);
export type ProductEdit = z.output<typeof productEditRequest>;

export const productSettingsItem = z.object({
  id: z.number().int(), code: text(32), show_code: text(64), category: z.number().int(), market_status: intEnum(0, 1, 2),
  /** What traders see now (sessions and override together). */
  open: z.boolean(),
  leverages: z.array(z.number().int()), fee_rate: money(), min_lots: money(), max_lots: money(), step: money(),
  units_per_lot: money(), margin_mode: z.number().int(), precision: z.number().int(),
});
export type ProductSettingsItem = z.infer<typeof productSettingsItem>;

/** A name in each of the 21 languages. */
export const categoryNames = z.object(Object.fromEntries(LANGUAGES.map((lang) => [lang, requiredText(64)])) as Record<Language, ReturnType<typeof requiredText>>);
export const categoryItem = z.object({ id: z.number().int(), sort: z.number().int(), names: z.record(z.string(), z.string()) });
export type CategoryItem = z.infer<typeof categoryItem>;

export const backofficeProductCalls = {
  products: get('products', z.object({}), z.object({ products: z.array(productSettingsItem), categories: z.array(categoryItem) })),
  /** One field of one product; answers the product as it now is. */
  saveProduct: post('products', productEditRequest, productSettingsItem),
  /** A category's names in every language; no `id` adds one. */
  saveCategory: post('categories', z.object({ id: rowId(), sort: int().min(0).max(10_000).optional(), names: categoryNames }), z.object({ id: z.number().int() })),
} as const;
