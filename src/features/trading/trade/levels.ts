import { ORDER_STATUS, type Order } from '../../../../contract/trading';

export interface OrderLevel {
  key: string;
  kind: 'entry' | 'sl' | 'tp';
  price: number;
}

/** The catalogue key of each line's label. */
export const LEVEL_LABEL = { entry: 'chart.entry', sl: 'ticket.stopLoss', tp: 'ticket.takeProfit' } as const;

/** The entry, stop-loss and take-profit lines of the trader's open positions in one product. */
export function orderLevels(orders: readonly Order[], productId: number): OrderLevel[] {
  return orders
    .filter((o) => o.Status === ORDER_STATUS.open && o.ForexTradeLists.Id === productId)
    .flatMap((o) => [
      { key: `${o.Id}.entry`, kind: 'entry' as const, price: o.Price },
      { key: `${o.Id}.sl`, kind: 'sl' as const, price: o.TargetLossPrice },
      { key: `${o.Id}.tp`, kind: 'tp' as const, price: o.TargetProfitPrice },
    ])
    .filter((level) => level.price > 0);
}
