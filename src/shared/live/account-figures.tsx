import { useSyncExternalStore } from 'react';
import { connectAccountFigures } from '../../../machines/shared/account-figures.connect';
import { AccountFigures } from '../ui/account-figures';
import { accountFeed } from './account-feed';
import { useStale } from './connection-banner';

/** The account figures from the available cash given and the live account push, faded while the pushes stop. */
export function LiveAccountFigures({ available }: { available: string | number | undefined }) {
  const live = useSyncExternalStore(accountFeed.subscribe, accountFeed.get);
  return <AccountFigures figures={connectAccountFigures(available, live)} stale={useStale()} />;
}
