import { LANGUAGES } from '../../contract/fields';

/**
 * The records staff edit on the site screens, by the fields their forms show (the names the calls
 * take), and which may not be empty. A target names one record: `kind:id` (`id` a number or `new`),
 * a product's field `product:id:field`, a setting `setting:key`, a pause `pause:scope`.
 */
export const RECORDS = {
  network: { fields: ['currency_code', 'protocol_code', 'address', 'min_amount', 'max_amount', 'active'], required: ['currency_code', 'protocol_code', 'address', 'min_amount', 'max_amount'] },
  bank_coin: { fields: ['name', 'active'], required: ['name'] },
  wire_account: {
    fields: ['bank_coin_id', 'bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account', 'bank_remark', 'min_amount', 'max_amount', 'active'],
    required: ['bank_coin_id', 'bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account', 'min_amount', 'max_amount'],
  },
  currency: { fields: ['type', 'code', 'protocol', 'fee_type', 'draw_rate', 'usd_price', 'min_amount', 'active'], required: ['type', 'code', 'protocol', 'fee_type', 'draw_rate', 'usd_price', 'min_amount'] },
  news: { fields: ['title', 'desc', 'logo', 'content', 'lang', 'published'], required: ['title', 'content'] },
  company: { fields: ['name', 'logo', 'url', 'subject', 'registered_address', 'location', 'email', 'active'], required: ['name'] },
  category: { fields: ['sort', ...LANGUAGES], required: [...LANGUAGES] },
  area: { fields: ['code', 'global_code', 'active'], required: ['code', 'global_code'] },
} as const;
export type RecordKind = keyof typeof RECORDS;

/** Fields chosen from a short list (their allowed values), the rest are text. */
export const CHOICES: Record<string, readonly string[]> = {
  active: ['1', '0'],
  published: ['1', '0'],
  type: ['1', '2'],
  fee_type: ['1', '2'],
  service_link_type: ['1', '2', '3'],
  verify_reg_type: ['0', '1', '2', '3'],
  trade_fee_type: ['1', '2'],
  main_mode: ['0', '1'],
  is_show_mobile: ['1', '0'],
  withdraw_needs_identity: ['1', '0'],
  market_status: ['0', '1', '2'],
  margin_mode: ['1', '2'],
};

/** Site settings by their flat names (`POST /admin/api/settings`), in the screen's order. */
export const SITE_SETTINGS = [
  'site_title', 'service_link', 'service_link_type', 'verify_reg_type', 'is_show_mobile', 'trade_fee_type', 'stop_out_level',
  'withdraw_needs_identity', 'complaint_email', 'announcement', 'main_mode', 'loss_url',
] as const;
export type SiteSetting = (typeof SITE_SETTINGS)[number];

export const PAUSE_SCOPES = ['site', 'trading', 'deposits', 'withdrawals'] as const;
export type PauseScope = (typeof PAUSE_SCOPES)[number];

/** A target's parts: its kind, the row id (undefined for `new`) and what follows. */
export function targetOf(target: string): { kind: string; id: number | undefined; key: string; rest: string | undefined } {
  const [kind = '', key = '', rest] = target.split(':');
  return { kind, key, id: /^\d+$/.test(key) ? Number(key) : undefined, rest };
}

/** Where each flat setting lives in the settings the server lists (`site_title` is `site_config.title`). */
const SETTING_PLACES: Record<SiteSetting, [string, string?]> = {
  site_title: ['site_config', 'title'],
  service_link: ['basic_info', 'service_link'],
  service_link_type: ['basic_info', 'service_link_type'],
  verify_reg_type: ['basic_info', 'verify_reg_type'],
  trade_fee_type: ['basic_info', 'trade_fee_type'],
  complaint_email: ['complaint_email'],
  announcement: ['announcement'],
  main_mode: ['main_mode'],
  is_show_mobile: ['is_show_mobile'],
  stop_out_level: ['stop_out_level'],
  withdraw_needs_identity: ['withdraw_needs_identity'],
  loss_url: ['company_status', 'loss_url'],
};

export function settingValue(all: Record<string, unknown> | undefined, key: SiteSetting): string {
  const [own, inner] = SETTING_PLACES[key];
  const value = inner ? (all?.[own] as Record<string, unknown> | undefined)?.[inner] : all?.[own];
  return value === undefined || value === null ? '' : String(value);
}

/** A pause as the settings hold it: the site's is `company_status.status`, the others `pauses.<scope>`. */
export function pauseOf(all: Record<string, unknown> | undefined, scope: PauseScope): { on: boolean; message: string } {
  if (scope === 'site') {
    const site = all?.company_status as { status?: number; message?: string } | undefined;
    return { on: Number(site?.status ?? 0) !== 0, message: site?.message ?? '' };
  }
  const pause = (all?.pauses as Record<string, { on: number; message: string }> | undefined)?.[scope];
  return { on: Number(pause?.on ?? 0) === 1, message: pause?.message ?? '' };
}
