import { ORDER_STATUS, type Order } from '../../contract/trading';
import { pendingType, type PendingType } from '../../domain/orders';
import type { Quote } from '../../domain/types';

/** A waiting order's kind against the market now (buy limit, sell stop...); none for another order or before a quote. */
export const pendingKindOf = (order: Order, quote: Quote | undefined): PendingType | undefined =>
  order.Status === ORDER_STATUS.pending && quote ? pendingType(order.OrderType, order.Price, quote) : undefined;
