import { ORDER_STATUS, type Order } from '../../contract/trading';
import { pendingType, type PendingType } from '../../domain/orders';
import { BUY, type Quote } from '../../domain/types';

/**
 * The message of what an order is: its pending kind when it has one, else its side, as a noun
 * ("Achat", where the ticket's button says "Acheter").
 */
export const kindOrSideLabel = (side: Order['OrderType'], kind: PendingType | undefined) =>
  kind ? `ticket.kind.${kind}` : side === BUY ? 'side.buy' : 'side.sell';

/**
 * A waiting order's kind (buy limit, sell stop...): as the server fixed it at placement, else against
 * the market now; a cancelled one's as it waited (in history); none for an order that opened, or
 * before a quote for one the server did not name.
 */
export const pendingKindOf = (order: Order, quote: Quote | undefined): PendingType | undefined => {
  if (order.Status === ORDER_STATUS.cancelled) return order.PendingType;
  if (order.Status !== ORDER_STATUS.pending) return undefined;
  return order.PendingType ?? (quote ? pendingType(order.OrderType, order.Price, quote) : undefined);
};
