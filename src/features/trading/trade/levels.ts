import { ORDER_STATUS, type Order } from '../../../../contract/trading';

export interface OrderLevel {
  key: string;
  kind: 'entry' | 'sl' | 'tp';
  price: number;
}

/** The catalogue key of each line's label. */
export const LEVEL_LABEL = { entry: 'chart.entry', sl: 'ticket.stopLoss', tp: 'ticket.takeProfit' } as const;
/** The catalogue key of the short name on each line's price tag; the entry's tag shows its price alone. */
export const LEVEL_SHORT = { entry: undefined, sl: 'chart.slShort', tp: 'chart.tpShort' } as const;

/**
 * The entry, stop-loss and take-profit lines of the trader's open positions in one product, each
 * kind and price once: twelve positions opened at one price are one entry line with one tag, not
 * twelve tags stacked down the price axis over its labels.
 */
export function orderLevels(orders: readonly Order[], productId: number): OrderLevel[] {
  const levels = orders
    .filter((o) => o.Status === ORDER_STATUS.open && o.ForexTradeLists.Id === productId)
    .flatMap((o) => [
      { key: `${o.Id}.entry`, kind: 'entry' as const, price: o.Price },
      { key: `${o.Id}.sl`, kind: 'sl' as const, price: o.TargetLossPrice },
      { key: `${o.Id}.tp`, kind: 'tp' as const, price: o.TargetProfitPrice },
    ])
    .filter((level) => level.price > 0);
  return levels.filter((l, i) => levels.findIndex((m) => m.kind === l.kind && m.price === l.price) === i);
}

export interface PlacedLevel extends OrderLevel {
  /** Beyond the candles' range: drawn as a marker at that edge instead of stretching the scale. */
  edge: 'above' | 'below' | undefined;
}

/** Levels within [lo, hi] are drawn at their price; the others sit at the nearer edge, marked. */
export function placeLevels(levels: readonly OrderLevel[], lo: number, hi: number): PlacedLevel[] {
  return levels.map((l) => ({ ...l, edge: l.price > hi ? 'above' : l.price < lo ? 'below' : undefined }));
}
