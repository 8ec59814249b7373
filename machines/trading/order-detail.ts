import { and, assign, fromPromise, setup } from 'xstate';
import { ORDER_STATUS, type Order } from '../../contract/trading';
import { isDecimal, priceInput } from '../shared/decimal-input';

/**
 * The detail popup of one order: close a position (after the trader confirms at the price and P&L
 * shown), cancel a pending order, edit SL/TP. A push that the shown order was closed elsewhere
 * closes the popup, as does its list loaded again without it (a push lost on the way). After a close
 * the popup shows the order as history booked it: its realised P&L. A close, cancel or save that
 * failed has the list fetched again: the order may have changed meanwhile (closed by its stop, or by
 * the very request whose answer was lost).
 */
export interface DetailContext {
  order: Order | undefined;
  sl: string;
  tp: string;
  /** The position just closed, as booked (close price, realised P&L); undefined when not found. */
  settled: Order | undefined;
  /** A level typed that is not a price: nothing is sent (an empty one removes the level). */
  problem: 'stop_invalid' | undefined;
}

export type DetailEvent =
  | { type: 'DETAIL.OPEN'; order: Order }
  | { type: 'DETAIL.CLOSE' }
  | { type: 'ORDER.CLOSED'; id: number }
  /** The whole list of open (or pending) orders as just loaded: the ids it holds. */
  | { type: 'ORDERS.LISTED'; status: number; ids: number[] }
  | { type: 'ORDER.CLOSE' }
  | { type: 'CLOSE.CONFIRM' }
  | { type: 'CLOSE.CANCEL' }
  | { type: 'ORDER.CANCEL' }
  | { type: 'SL.CHANGE'; value: string }
  | { type: 'TP.CHANGE'; value: string }
  | { type: 'STOPS.SAVE' };

const level = (text: string) => (isDecimal(text) ? Number(text) : 0);
const typedOrEmpty = (text: string) => text.trim() === '' || isDecimal(text);
const shown = (price: number) => (price > 0 ? String(price) : '');

export const orderDetailMachine = setup({
  types: { context: {} as DetailContext, events: {} as DetailEvent },
  actors: {
    closeOrder: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('closeOrder not provided');
    }),
    /** The closed order as history has it, or null when it is not there (yet). */
    loadClosed: fromPromise<Order | null, { id: number }>(async () => {
      throw new Error('loadClosed not provided');
    }),
    cancelOrder: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('cancelOrder not provided');
    }),
    saveStops: fromPromise<unknown, { id: number; stop_loss_price: number; target_profit_price: number }>(async () => {
      throw new Error('saveStops not provided');
    }),
  },
  guards: {
    isOpen: ({ context }) => context.order?.Status === ORDER_STATUS.open,
    isPending: ({ context }) => context.order?.Status === ORDER_STATUS.pending,
    isLive: ({ context }) => context.order?.Status === ORDER_STATUS.open || context.order?.Status === ORDER_STATUS.pending,
    isShown: ({ context }, params: { id: number }) => context.order?.Id === params.id,
    leftItsList: ({ context, event }) =>
      event.type === 'ORDERS.LISTED' && context.order?.Status === event.status && !event.ids.includes(context.order.Id),
    levelsRead: ({ context }) => typedOrEmpty(context.sl) && typedOrEmpty(context.tp),
  },
  actions: {
    /** The order left its list: the app refreshes it (provided). */
    changed: () => {},
  },
}).createMachine({
  id: 'orderDetail',
  context: { order: undefined, sl: '', tp: '', settled: undefined, problem: undefined },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'DETAIL.OPEN': {
          target: 'open',
          actions: assign(({ event }) => ({ order: event.order, sl: shown(event.order.TargetLossPrice), tp: shown(event.order.TargetProfitPrice), settled: undefined, problem: undefined })),
        },
      },
    },
    open: {
      on: {
        'DETAIL.CLOSE': { target: 'closed', actions: assign({ order: undefined }) },
        'ORDER.CLOSED': { guard: { type: 'isShown', params: ({ event }) => ({ id: event.id }) }, target: 'closed', actions: assign({ order: undefined }) },
        'ORDERS.LISTED': { guard: 'leftItsList', target: 'closed', actions: assign({ order: undefined }) },
        'ORDER.CLOSE': { guard: 'isOpen', target: 'confirmingClose' },
        'ORDER.CANCEL': { guard: 'isPending', target: 'cancelling' },
        'SL.CHANGE': { actions: assign({ sl: ({ context, event }) => priceInput(event.value, context.order?.ForexTradeLists.PricePrecision), problem: undefined }) },
        'TP.CHANGE': { actions: assign({ tp: ({ context, event }) => priceInput(event.value, context.order?.ForexTradeLists.PricePrecision), problem: undefined }) },
        // A level that cannot be read is said, not sent as 0 (which would remove the level set).
        'STOPS.SAVE': [
          { guard: and(['isLive', 'levelsRead']), target: 'saving' },
          { guard: 'isLive', actions: assign({ problem: 'stop_invalid' as const }) },
        ],
      },
    },
    /** The question: close at this price, with this P&L? (both live, shown by the view). */
    confirmingClose: {
      on: {
        'CLOSE.CONFIRM': 'closing',
        'CLOSE.CANCEL': 'open',
        'DETAIL.CLOSE': { target: 'closed', actions: assign({ order: undefined }) },
        'ORDER.CLOSED': { guard: { type: 'isShown', params: ({ event }) => ({ id: event.id }) }, target: 'closed', actions: assign({ order: undefined }) },
        'ORDERS.LISTED': { guard: 'leftItsList', target: 'closed', actions: assign({ order: undefined }) },
      },
    },
    closing: {
      invoke: {
        id: 'closeOrder',
        src: 'closeOrder',
        input: ({ context }) => ({ id: context.order!.Id }),
        onDone: { target: 'settling', actions: 'changed' },
        onError: { target: 'open', actions: 'changed' },
      },
    },
    settling: {
      invoke: {
        id: 'loadClosed',
        src: 'loadClosed',
        input: ({ context }) => ({ id: context.order!.Id }),
        onDone: { target: 'settled', actions: assign({ settled: ({ event }) => event.output ?? undefined, order: undefined }) },
        // Closed all the same: the popup goes, the history tab has the figure.
        onError: { target: 'closed', actions: assign({ order: undefined }) },
      },
    },
    /** The close as booked: the realised P&L stays on screen until dismissed. */
    settled: {
      on: {
        'DETAIL.CLOSE': { target: 'closed', actions: assign({ settled: undefined }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ id: context.order!.Id }),
        onDone: { target: 'closed', actions: ['changed', assign({ order: undefined })] },
        onError: { target: 'open', actions: 'changed' },
      },
    },
    saving: {
      invoke: {
        id: 'saveStops',
        src: 'saveStops',
        input: ({ context }) => ({ id: context.order!.Id, stop_loss_price: level(context.sl), target_profit_price: level(context.tp) }),
        onDone: {
          target: 'open',
          actions: ['changed', assign({
            order: ({ context }) => ({ ...context.order!, TargetLossPrice: level(context.sl), TargetProfitPrice: level(context.tp) }),
          })],
        },
        onError: { target: 'open', actions: 'changed' },
      },
    },
  },
});
