import type { SnapshotFrom } from 'xstate';
import type { Company } from '../../contract/content';
import type { companyDirectoryMachine } from './company-directory';

export interface CompanyDirectoryView {
  query: string;
  results: Company[];
  /** The company whose detail shows, if any. */
  open: Company | undefined;
  isLoading: boolean;
  /** The search answered nothing. */
  isEmpty: boolean;
  isFailed: boolean;
}

export function connectCompanyDirectory(snapshot: SnapshotFrom<typeof companyDirectoryMachine>): CompanyDirectoryView {
  const { query, results, open } = snapshot.context;
  return {
    query,
    results,
    open,
    isLoading: snapshot.matches('searching') && results.length === 0,
    isEmpty: snapshot.matches('done') && results.length === 0,
    isFailed: snapshot.matches('failed'),
  };
}
