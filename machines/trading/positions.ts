import { assign, enqueueActions, fromCallback, sendParent, sendTo, setup } from 'xstate';
import { ORDER_STATUS, ORDER_TAB, type Order } from '../../contract/trading';
import type { ForexClosedFrame, ForexTradeFrame } from '../../contract/socket';
import { isFinished, pagedList } from '../shared/paged-list';
import { orderDetailMachine } from './order-detail';

/**
 * The trader's orders on /order: one tab's list (holding, pending or history), the live figures the
 * socket pushes (P&L per order, margin, risk) and the detail popup. The pushes are applied here: a
 * FOREX_TRADE replaces the live figures; a FOREX_CLOSED removes the orders from holding and pending,
 * brings them into history, and closes their popup.
 *
 * Both kinds of push are numbered together per account (`seq`). A numbered push that is not the one
 * after the last means pushes were missed (lost on the way, while the socket was down, or a new
 * engine counting from 1 again): the push is applied and the list is fetched again to catch up.
 *
 * An order opened or placed elsewhere (another tab or device, a pending order filling) has no push of
 * its own, but the figures show it: a position neither the last push nor the list had, or a change of
 * what pending orders hold. The tab it belongs to is fetched again then, once per such change, not on
 * every tick. The list is fetched again when the socket is back after a loss (what it pushed
 * meanwhile was lost), and a list that failed to load when pushes show the connection is back.
 *
 * A holding or pending list loaded whole is the truth of what is still open or waiting: a popup
 * showing an order no longer in it (closed or filled while a push was lost) closes.
 */
export type OrderTab = (typeof ORDER_TAB)[keyof typeof ORDER_TAB];

export interface PositionsContext {
  tab: OrderTab;
  /** The latest FOREX_TRADE push, undefined until one arrives. */
  live: Omit<ForexTradeFrame, 'type'> | undefined;
  /** The `seq` of the last numbered push since the pushes were subscribed to; undefined before the first. */
  lastSeq: number | undefined;
}

export type PositionsEvent =
  | { type: 'TRADE.PUSHED'; frame: Omit<ForexTradeFrame, 'type'> }
  | { type: 'ORDERS.CLOSED'; ids: ForexClosedFrame['id']; seq?: ForexClosedFrame['seq'] }
  | { type: 'ORDER.CHANGED' }
  | { type: 'LIST.MORE' }
  | { type: 'LIST.REFRESH' }
  /** The tab's list loaded a page: the ids it now holds, and whether that is all of them. */
  | { type: 'LIST.LOADED'; ids: number[]; complete: boolean }
  /** The socket is live again after it was down. */
  | { type: 'CONNECTION.BACK' };

/**
 * Whether a push numbered `seq` shows that pushes were missed since the one numbered `last`. The first
 * numbered push only sets where counting starts; an unnumbered one says nothing.
 */
export const missedPushes = (last: number | undefined, seq: number | undefined) =>
  seq !== undefined && last !== undefined && seq !== last + 1;

type Live = NonNullable<PositionsContext['live']>;

/**
 * Whether `next` has a position neither the last push nor the list shown had: one was opened, or a
 * pending order filled.
 */
export const positionAdded = (last: PositionsContext['live'], next: Live, shown: readonly Order[]) => {
  const known = new Set([...(last?.TransOrder ?? []), ...shown].map((o) => o.Id));
  return next.TransOrder.some((o) => !known.has(o.Id));
};

/**
 * Whether what pending orders hold changed since the last push; with none before, whether it
 * disagrees with the list shown (something held and no order listed, or the other way round). A push
 * without the figure says nothing.
 */
export const pendingChanged = (last: PositionsContext['live'], next: Live, shown: readonly Order[]) =>
  next.PendingHeld !== undefined && (last ? last.PendingHeld !== next.PendingHeld : Number(next.PendingHeld) > 0 !== shown.length > 0);

const seqOf = (event: PositionsEvent) =>
  event.type === 'TRADE.PUSHED' ? event.frame.seq : event.type === 'ORDERS.CLOSED' ? event.seq : undefined;

/** The list of one tab, telling this machine what each load brought. */
export const orderList = pagedList<Order>().provide({
  actions: { loaded: sendParent(({ context }) => ({ type: 'LIST.LOADED', ids: context.items.map((o) => o.Id), complete: isFinished(context) })) },
});

/** The popup, telling this machine when the order it acted on changed (closed, cancelled, new levels). */
export const positionDetail = orderDetailMachine.provide({ actions: { changed: sendParent({ type: 'ORDER.CHANGED' }) } });

export const positionsMachine = setup({
  types: {
    context: {} as PositionsContext,
    events: {} as PositionsEvent,
    input: {} as { tab: OrderTab },
    children: {} as { list: 'holdingList' | 'pendingList' | 'historyList'; detail: 'detail'; pushes: 'pushes' },
  },
  actors: {
    holdingList: orderList,
    pendingList: orderList,
    historyList: orderList,
    detail: positionDetail,
    /** The account's socket pushes as TRADE.PUSHED and ORDERS.CLOSED (provided by the app). */
    pushes: fromCallback<PositionsEvent>(() => () => {}),
  },
  actions: {
    applyTrade: assign({ live: (_, params: { frame: PositionsContext['live'] }) => params.frame }),
    // An unnumbered push leaves the count where it was.
    countPush: assign({ lastSeq: ({ context, event }) => seqOf(event) ?? context.lastSeq }),
    refreshList: sendTo('list', { type: 'LIST.REFRESH' }),
    /** What a FOREX_TRADE shows that no push announced (see above): the tab is fetched again. */
    catchUp: enqueueActions(({ context, event, self, enqueue }) => {
      if (event.type !== 'TRADE.PUSHED') return;
      // (A pure transition, as the path tests take, has no children to read: nothing to fetch then.)
      const list = self.getSnapshot()?.children?.list?.getSnapshot();
      // A list on its way answers with what is there now.
      if (!list || list.matches('loading')) return;
      const shown = list.context.items;
      const changed = context.tab === ORDER_TAB.holding ? positionAdded(context.live, event.frame, shown)
        : context.tab === ORDER_TAB.pending && pendingChanged(context.live, event.frame, shown);
      if (list.matches('failed') || changed) enqueue.sendTo('list', { type: 'LIST.REFRESH' });
    }),
    moreOfList: sendTo('list', { type: 'LIST.MORE' }),
    /** What the whole holding or pending list now holds, for the popup to close if its order left. */
    tellDetailListed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'LIST.LOADED' || !event.complete || context.tab === ORDER_TAB.history) return;
      const status = context.tab === ORDER_TAB.holding ? ORDER_STATUS.open : ORDER_STATUS.pending;
      enqueue.sendTo('detail', { type: 'ORDERS.LISTED', status, ids: event.ids });
    }),
    closeDetail: enqueueActions(({ enqueue }, params: { ids: number[] }) => {
      for (const id of params.ids) enqueue.sendTo('detail', { type: 'ORDER.CLOSED', id });
    }),
    /** Closed orders leave holding and pending, and their popup closes. */
    leaveList: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'ORDERS.CLOSED') return;
      for (const id of event.ids) {
        enqueue.sendTo('list', { type: 'ITEM.REMOVE', id });
        enqueue.sendTo('detail', { type: 'ORDER.CLOSED', id });
      }
    }),
  },
  guards: {
    missedPushes: ({ context, event }) => missedPushes(context.lastSeq, seqOf(event)),
    onPendingTab: ({ context }) => context.tab === ORDER_TAB.pending,
    onHistoryTab: ({ context }) => context.tab === ORDER_TAB.history,
  },
}).createMachine({
  id: 'positions',
  context: ({ input }) => ({ tab: input.tab, live: undefined, lastSeq: undefined }),
  invoke: [
    { id: 'detail', src: 'detail' },
    { id: 'pushes', src: 'pushes' },
  ],
  on: {
    'TRADE.PUSHED': [
      { guard: 'missedPushes', actions: [{ type: 'applyTrade', params: ({ event }) => ({ frame: event.frame }) }, 'refreshList', 'countPush'] },
      { actions: ['catchUp', { type: 'applyTrade', params: ({ event }) => ({ frame: event.frame }) }, 'countPush'] },
    ],
    'ORDER.CHANGED': { actions: 'refreshList' },
    'LIST.MORE': { actions: 'moreOfList' },
    'LIST.REFRESH': { actions: 'refreshList' },
    'LIST.LOADED': { actions: 'tellDetailListed' },
    'CONNECTION.BACK': { actions: 'refreshList' },
  },
  initial: 'choosing',
  states: {
    choosing: {
      always: [
        { guard: 'onPendingTab', target: 'pending' },
        { guard: 'onHistoryTab', target: 'history' },
        { target: 'holding' },
      ],
    },
    holding: {
      invoke: { id: 'list', src: 'holdingList' },
      on: {
        'ORDERS.CLOSED': [
          { guard: 'missedPushes', actions: ['leaveList', 'refreshList', 'countPush'] },
          { actions: ['leaveList', 'countPush'] },
        ],
      },
    },
    pending: {
      invoke: { id: 'list', src: 'pendingList' },
      on: {
        'ORDERS.CLOSED': [
          { guard: 'missedPushes', actions: ['leaveList', 'refreshList', 'countPush'] },
          { actions: ['leaveList', 'countPush'] },
        ],
      },
    },
    history: {
      invoke: { id: 'list', src: 'historyList' },
      on: {
        // History is fetched again on every closed push, so a missed one needs nothing more.
        'ORDERS.CLOSED': {
          actions: ['refreshList', { type: 'closeDetail', params: ({ event }) => ({ ids: event.ids }) }, 'countPush'],
        },
      },
    },
  },
});
