import type { Db } from '../platform/store/open';
import { DEFAULT_SETTINGS, isSettingKey, type SettingKey, type SettingValue } from './defaults';
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
    await this.db.insert(table).values({ key, value }).onConflictDoUpdate({ target: table.key, set: { value } });
    this.values.set(key, value);
    for (const listener of this.listeners) listener(key, value);
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

  get stopOutLevel(): number {
    return Number(this.get('stop_out_level')) || DEFAULT_SETTINGS.stop_out_level;
  }
}


/** Writes the settings that have no row yet with their defaults; never overwrites one. */
export async function seedSettings(db: Db): Promise<void> {
  await db.insert(table).values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }))).onConflictDoNothing();
}
