import { ORDER_STATUS, type Order } from '../../contract/trading';
import { type Product } from '../../contract/market';
import { money6 } from '../../domain/decimal';
import { wireTime } from '../market/market';
import type { OrderRow } from './schema';

/** An open or pending order's price and floating P&L as of the last tick. */
export interface LivePrice {
  updatePrice: number;
  pnl: number;
}

/** The order number shown to traders: the day it was placed and its id. */
export const orderNumber = (row: OrderRow) => `${wireTime(row.createdAt).slice(0, 10).replaceAll('-', '')}${String(row.id).padStart(8, '0')}`;

/** An order as the wire shows it; an open one with its live price and floating P&L, a pending one with its live price. */
export function orderView(row: OrderRow, product: Product | undefined, live: LivePrice | undefined): Order {
  const fill = Number(row.price ?? row.originPrice);
  const open = row.status === ORDER_STATUS.open;
  // A live order (open or pending) is worth its closing-side price now; a finished one what it ended at.
  const onMarket = open || row.status === ORDER_STATUS.pending;
  return {
    Id: row.id,
    OrderOn: orderNumber(row),
    OrderType: row.side === 1 ? 1 : 2,
    Quantity: Number(row.lots),
    Price: fill,
    OriginPrice: Number(row.originPrice),
    UpdatePrice: onMarket ? (live?.updatePrice ?? fill) : Number(row.closePrice ?? row.originPrice),
    FactProfits: open ? money6(live?.pnl ?? 0) : row.profit,
    CautionMoney: row.margin,
    TradeFee: row.fee,
    TargetLossPrice: Number(row.stopLoss),
    TargetProfitPrice: Number(row.takeProfit),
    Multiple: row.leverage,
    Status: row.status as Order['Status'],
    ClosedType: row.closedType as NonNullable<Order['ClosedType']>,
    ...(row.pendingType ? { PendingType: row.pendingType as NonNullable<Order['PendingType']> } : {}),
    CreateTimeHandler: wireTime(row.createdAt),
    CompleteTimeHandler: wireTime(row.completedAt),
    ForexTradeLists: {
      Id: row.productId,
      Code: product?.Code ?? '',
      ShowCode: product?.ShowCode ?? '',
      Logo: product?.Logo ?? '',
      PricePrecision: product?.PricePrecision ?? 5,
    },
  };
}
