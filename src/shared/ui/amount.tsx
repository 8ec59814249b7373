import { FormattedNumber } from 'react-intl';

/** An amount of USD as the spec shows it: balances to 2 decimals, profits, margin and fees to 6. */
export function Amount({ value, dp }: { value: string | number | undefined; dp: 2 | 6 }) {
  return value === undefined ? <>—</> : <FormattedNumber value={Number(value)} minimumFractionDigits={dp} maximumFractionDigits={dp} />;
}
