import { seedAccounts } from './accounts/seed';
import { seedMarket } from './market/seed';
import type { Db } from './platform/store/open';

/** What an empty store is given at start-up: area codes and the product catalogue (settings seed themselves). */
export async function seedStore(db: Db): Promise<void> {
  await seedAccounts(db);
  await seedMarket(db);
}
