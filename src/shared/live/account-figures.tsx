import { useSyncExternalStore } from 'react';
import { connectAccountFigures } from '../../../machines/shared/account-figures.connect';
import { AccountFigures } from '../ui/account-figures';
import { accountFeed } from './account-feed';
import { useStale } from './connection-banner';

/**
 * The account figures from the available cash given and the live account push, faded while the
 * pushes stop; with the withdrawals held, where the screen knows them.
 */
export function LiveAccountFigures({ available, withdrawalsHeld }: { available: string | number | undefined; withdrawalsHeld?: string | number }) {
  const live = useSyncExternalStore(accountFeed.subscribe, accountFeed.get);
  return <AccountFigures figures={connectAccountFigures(available, live, withdrawalsHeld)} stale={useStale()} />;
}
