import { seedAccounts } from './accounts/seed';
import { seedMarket } from './market/seed';
import { seedFundsExamples } from './funds/funds';
import type { Db } from './platform/store/open';

/** What an empty store is given at start-up: area codes, the product catalogue and example funds channels (settings seed themselves). */
export async function seedStore(db: Db): Promise<void> {
  await seedAccounts(db);
  await seedMarket(db);
  await seedFundsExamples(db);
}
