import type { SnapshotFrom } from 'xstate';
import type { traderLookupMachine } from './trader-lookup';

export function connectTraderLookup(snapshot: SnapshotFrom<typeof traderLookupMachine>) {
  const { query, found, problem, notice } = snapshot.context;
  return { query, found, problem, notice, isSearching: snapshot.matches('searching') };
}
