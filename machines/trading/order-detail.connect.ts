import type { SnapshotFrom } from 'xstate';
import { ORDER_STATUS, type Order } from '../../contract/trading';
import type { orderDetailMachine } from './order-detail';

export interface OrderDetailView {
  isOpen: boolean;
  order: Order | undefined;
  sl: string;
  tp: string;
  /** A close, cancel or save is on its way: the buttons wait. */
  isBusy: boolean;
  /** Open positions and pending orders take new SL/TP levels. */
  canEditStops: boolean;
  canClose: boolean;
  canCancel: boolean;
  /** The close question is on screen. */
  isConfirmingClose: boolean;
  /** The position just closed, as booked: its close price and realised P&L. */
  settled: Order | undefined;
  /** Why the levels typed were not sent. */
  problem: 'stop_invalid' | undefined;
}

export function connectOrderDetail(snapshot: SnapshotFrom<typeof orderDetailMachine>): OrderDetailView {
  const { order, sl, tp, settled, problem } = snapshot.context;
  const status = order?.Status;
  return {
    isOpen: order !== undefined,
    order,
    sl,
    tp,
    isBusy: !snapshot.matches('open') && !snapshot.matches('confirmingClose'),
    canEditStops: status === ORDER_STATUS.open || status === ORDER_STATUS.pending,
    canClose: status === ORDER_STATUS.open,
    canCancel: status === ORDER_STATUS.pending,
    isConfirmingClose: snapshot.matches('confirmingClose'),
    settled: snapshot.matches('settled') ? settled : undefined,
    problem,
  };
}
