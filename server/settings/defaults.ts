/** Site settings staff can edit (later from the back-office); written once, never overwritten. */
export const DEFAULT_SETTINGS = {
  basic_info: { service_link: '', service_link_type: 1, verify_reg_type: 0, trade_fee_type: 1 },
  site_config: { title: 'TradeDesk', service_link: '' },
  company_status: { status: 0, type: 0, loss_url: '' } as { status: number; type: number; loss_url: string; message?: string },
  is_show_mobile: 0,
  complaint_email: 'complaints@tradedesk.example',
  /** Shown on /mine/announcement. */
  announcement: 'Welcome to TradeDesk. Trading leveraged products carries a high risk of losing money.',
  /** 1: /product shows the company directory instead of the product search (spec). */
  main_mode: 0,
  /** What staff paused, each with the message traders see. */
  pauses: {
    trading: { on: 0, message: '' },
    deposits: { on: 0, message: '' },
    withdrawals: { on: 0, message: '' },
  },
  /** Margin level (equity / margin, %) at or below which an account is stopped out. */
  stop_out_level: 50,
  /** Withdrawals wait for a verified identity (1) or not (0). */
  withdraw_needs_identity: 1,
  /** A withdrawal of at least this many USD needs two staff members to pay it. */
  four_eyes_threshold: 1000,
};

export type SettingKey = keyof typeof DEFAULT_SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof DEFAULT_SETTINGS)[K];
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(DEFAULT_SETTINGS, key);
