/** Site settings staff can edit (later from the back-office); written once, never overwritten. */
export const DEFAULT_SETTINGS = {
  basic_info: { service_link: '', service_link_type: 1, verify_reg_type: 0, trade_fee_type: 1 },
  site_config: { title: 'TradeDesk', service_link: '' },
  company_status: { status: 0, type: 0, loss_url: '' },
  is_show_mobile: 0,
  complaint_email: 'complaints@tradedesk.example',
  /** Margin level (equity / margin, %) at or below which an account is stopped out. */
  stop_out_level: 50,
};

export type SettingKey = keyof typeof DEFAULT_SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof DEFAULT_SETTINGS)[K];
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(DEFAULT_SETTINGS, key);
