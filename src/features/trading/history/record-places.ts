import type { AccountLogKind } from '../../../../contract/trading';

/** Trading's records (margin, fees, profits) show 6 decimals, money in and out 2, as the spec shows each (section 9). */
export const recordPlaces = (kind: AccountLogKind): 2 | 6 => (kind.startsWith('trade_') ? 6 : 2);
