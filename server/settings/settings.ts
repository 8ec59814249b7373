import type { PauseScope } from '../../contract/account';
import { refuse } from '../platform/http/refusal';
import type { Db, Tx } from '../platform/store/open';
import { DEFAULT_SETTINGS, isSettingKey, type SettingKey, type SettingValue } from './defaults';
import { SETTING_RULES } from './rules';
import { settings as table } from './schema';

export { isSettingKey, type SettingKey, type SettingValue } from './defaults';

type Listener = <K extends SettingKey>(key: K, value: SettingValue<K>) => void;

/**
 * The site settings, read from memory by everyone (routes, the engine on every tick) and changed
 * only through `set`, which writes the row and tells every reader, so an edit applies at once
 * without a restart.
 */
export class Settings {
  private readonly listeners = new Set<Listener>();

  private constructor(private readonly db: Db, private readonly values: Map<SettingKey, unknown>) {}

  /** Writes the defaults that are missing, then reads every setting into memory. */
  static async open(db: Db): Promise<Settings> {
    await seedSettings(db);
    const settings = new Settings(db, new Map());
    await settings.reload();
    return settings;
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    return (this.values.get(key) ?? DEFAULT_SETTINGS[key]) as SettingValue<K>;
  }

  async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
    await Settings.write(this.db, key, value);
    this.apply(key, value);
  }

  /** Stores a setting inside a change's own transaction (staff's, with its audit row); `apply` it once committed. */
  static async write<K extends SettingKey>(tx: Db | Tx, key: K, value: SettingValue<K>): Promise<void> {
    await tx.insert(table).values({ key, value }).onConflictDoUpdate({ target: table.key, set: { value } });
  }

  /** Takes a committed value into use here and tells who listens (other nodes hear of it from them). */
  apply<K extends SettingKey>(key: K, value: SettingValue<K>): void {
    this.values.set(key, value);
    for (const listener of this.listeners) listener(key, value);
  }

  /** Every setting by key, as staff see them. */
  all(): Record<SettingKey, unknown> {
    return Object.fromEntries((Object.keys(DEFAULT_SETTINGS) as SettingKey[]).map((key) => [key, this.get(key)])) as Record<SettingKey, unknown>;
  }

  /**
   * `value` as the setting keeps it (text trimmed: a link saved with a space before it), or
   * undefined when it may not replace the setting: its shape and its real values (`SETTING_RULES`).
   */
  static checked(key: SettingKey, value: unknown): unknown {
    const parsed = SETTING_RULES[key].safeParse(value);
    return parsed.success ? parsed.data : undefined;
  }

  /** Reads the stored rows again (after another process changed them). */
  async reload(): Promise<void> {
    this.values.clear();
    for (const row of await this.db.select().from(table)) if (isSettingKey(row.key)) this.values.set(row.key, row.value);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** 1: the fee is a rate per lot; otherwise a share of the margin (spec section 9). */
  get tradeFeeType(): number {
    return Number(this.get('basic_info').trade_fee_type ?? 1);
  }

  get withdrawNeedsIdentity(): boolean {
    return Number(this.get('withdraw_needs_identity')) !== 0;
  }

  get fourEyesThreshold(): number {
    const value = Number(this.get('four_eyes_threshold'));
    return Number.isFinite(value) && value >= 0 ? value : DEFAULT_SETTINGS.four_eyes_threshold;
  }

  /**
   * Whether staff paused `scope`, and the message they gave (may be empty). A closed site pauses
   * every scope: without a `loss_url` to send browsers to, the app stays up and must refuse.
   */
  paused(scope: PauseScope): { message: string } | undefined {
    const pause = this.get('pauses')[scope];
    if (pause && Number(pause.on) === 1) return { message: pause.message };
    const site = this.get('company_status');
    return Number(site.status) !== 0 ? { message: site.message ?? '' } : undefined;
  }

  /** Refuses the call when staff paused `scope`: with their message, or the plain one. */
  refuseWhenPaused(scope: PauseScope): void {
    const pause = this.paused(scope);
    if (pause?.message) refuse('paused', { message: pause.message });
    if (pause) refuse(`${scope}_paused`);
  }

  /** Staff's announcement, or undefined while it is still the site's own default text (shown translated). */
  get ownAnnouncement(): string | undefined {
    const text = this.get('announcement');
    return text === DEFAULT_SETTINGS.announcement ? undefined : text;
  }

  get stopOutLevel(): number {
    return Number(this.get('stop_out_level')) || DEFAULT_SETTINGS.stop_out_level;
  }
}


/** Writes the settings that have no row yet with their defaults; never overwrites one. */
export async function seedSettings(db: Db): Promise<void> {
  await db.insert(table).values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }))).onConflictDoNothing();
}
