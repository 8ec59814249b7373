import { FormattedNumber } from 'react-intl';

/**
 * An amount as the spec shows it: balances to 2 decimals, profits, margin and fees to 6. A payout in
 * another currency keeps 2 and shows more `upTo` where it has them (0.01492 BTC, not 0.01).
 */
export function Amount({ value, dp, upTo }: { value: string | number | undefined; dp: 2 | 6; upTo?: 6 }) {
  return value === undefined ? <>—</> : <FormattedNumber value={Number(value)} minimumFractionDigits={dp} maximumFractionDigits={upTo ?? dp} />;
}
