import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { CLOSED_TYPE, ORDER_STATUS, ORDER_TAB, type Order } from '../../contract/trading';
import { missedPushes, orderList, positionDetail, positionsMachine, type OrderTab, type PositionsEvent } from '../../machines/trading/positions';
import { connectPositions, positionRow } from '../../machines/trading/positions.connect';

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const order = (Id: number, over: Partial<Order> = {}): Order => ({
  Id, OrderOn: `A${Id}`, OrderType: 1, Quantity: 0.1, Price: 1.08, OriginPrice: 1.08, UpdatePrice: 1.09, FactProfits: '2.5',
  CautionMoney: '108', TradeFee: '0.5', TargetLossPrice: 0, TargetProfitPrice: 0, Multiple: 100, Status: ORDER_STATUS.open,
  CreateTimeHandler: '2026-01-02 03:04:05', ForexTradeLists: { Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD' },
  ...over,
});

const frame = { ProfitsTotal: '7.5', HazardRate: 12.345, CautionMoneyAll: '216', TransOrder: [{ Id: 1, UpdatePrice: 1.1, FactProfits: '-3.25' }] };

/**
 * /order on one tab, with a server of two orders (`server.ids` are those it lists) and pushes sent
 * by hand; `server.closeFails` makes a close answer with an error.
 */
function positions(tab: OrderTab) {
  const asked: number[] = [];
  const server = { ids: [1, 2], closeFails: false };
  let push: ((event: PositionsEvent) => void) | undefined;
  const list = orderList.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        asked.push(input.page);
        return { items: server.ids.map((id) => order(id)), total: server.ids.length, meta: { balance: '1000' } };
      }),
    },
  });
  const actor = createActor(positionsMachine.provide({
    actors: {
      holdingList: list,
      pendingList: list,
      historyList: list,
      detail: positionDetail.provide({
        actors: {
          closeOrder: fromPromise<unknown, { id: number }>(async () => {
            if (server.closeFails) throw new Error('This order is no longer open');
            return null;
          }),
          loadClosed: fromPromise<Order | null, { id: number }>(async ({ input }) => order(input.id, { Status: ORDER_STATUS.closed, FactProfits: '4.75', UpdatePrice: 1.1 })),
        },
      }),
      pushes: fromCallback<PositionsEvent>(({ sendBack }) => {
        push = sendBack;
      }),
    },
  }), { input: { tab } }).start();
  const view = () => {
    const s = actor.getSnapshot();
    return connectPositions(s, s.children.list?.getSnapshot(), s.children.detail?.getSnapshot());
  };
  return { actor, asked, server, view, push: (event: PositionsEvent) => push!(event) };
}

describe('positions', () => {
  it('opens the tab it was asked for', async () => {
    for (const tab of [ORDER_TAB.holding, ORDER_TAB.pending, ORDER_TAB.history]) {
      const { actor } = positions(tab);
      expect(actor.getSnapshot().value).toBe(tab === ORDER_TAB.holding ? 'holding' : tab === ORDER_TAB.pending ? 'pending' : 'history');
    }
  });

  it('shows the list with its own P&L and balance until a push, then the pushed figures', async () => {
    const { view, push } = positions(ORDER_TAB.holding);
    await settle();
    expect(view()).toMatchObject({ balance: '1000', margin: undefined, profit: undefined, riskRate: undefined, isFinished: true });
    expect(view().rows.map((r) => r.pnl)).toEqual(['2.5', '2.5']);
    push({ type: 'TRADE.PUSHED', frame });
    expect(view()).toMatchObject({ margin: '216', profit: '7.5', riskRate: 12.345 });
    // Order 1 was in the push; order 2 keeps the P&L it was loaded with.
    expect(view().rows.map((r) => [r.order.Id, r.pnl])).toEqual([[1, '-3.25'], [2, '2.5']]);
  });

  it('a closed push removes the rows from holding and closes their popup', async () => {
    const { actor, view, push, asked } = positions(ORDER_TAB.holding);
    await settle();
    push({ type: 'TRADE.PUSHED', frame });
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.OPEN', order: order(1) });
    expect(view().detail).toMatchObject({ order: { Id: 1 }, pnl: '-3.25', canClose: true });
    push({ type: 'ORDERS.CLOSED', ids: [1] });
    expect(view().rows.map((r) => r.order.Id)).toEqual([2]);
    expect(view().detail).toBeUndefined();
    expect(asked).toEqual([1]);
  });

  it('a closed push for another order leaves the popup open', async () => {
    const { actor, view, push } = positions(ORDER_TAB.pending);
    await settle();
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.OPEN', order: order(2, { Status: ORDER_STATUS.pending }) });
    push({ type: 'ORDERS.CLOSED', ids: [1] });
    expect(view().rows.map((r) => r.order.Id)).toEqual([2]);
    expect(view().detail).toMatchObject({ order: { Id: 2 }, canCancel: true });
  });

  it('a closed push reloads history from page 1', async () => {
    const { view, push, asked } = positions(ORDER_TAB.history);
    await settle();
    push({ type: 'ORDERS.CLOSED', ids: [1] });
    expect(view().isLoading).toBe(true);
    await settle();
    expect(asked).toEqual([1, 1]);
    expect(view().rows).toHaveLength(2);
  });

  it('an order closed from its popup reloads the list', async () => {
    const { actor, view, asked } = positions(ORDER_TAB.holding);
    await settle();
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.OPEN', order: order(1) });
    actor.getSnapshot().children.detail!.send({ type: 'ORDER.CLOSE' });
    // First the question, at the live price and P&L; nothing is sent yet.
    expect(view().detail).toMatchObject({ isConfirmingClose: true, isBusy: false, price: 1.09, pnl: '2.5' });
    await settle();
    expect(asked).toEqual([1]);
    actor.getSnapshot().children.detail!.send({ type: 'CLOSE.CONFIRM' });
    expect(view().detail).toMatchObject({ isBusy: true });
    await settle();
    expect(view().detail).toBeUndefined();
    // History had the order: the popup shows what the close booked.
    expect(view().settled).toMatchObject({ Id: 1, FactProfits: '4.75', UpdatePrice: 1.1 });
    expect(asked).toEqual([1, 1]);
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.CLOSE' });
    expect(view().settled).toBeUndefined();
  });

  it('a popup whose order the list no longer holds, loaded whole again (a push lost), closes', async () => {
    const { actor, view, push, server, asked } = positions(ORDER_TAB.holding);
    await settle();
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.OPEN', order: order(1) });
    // Closed by its stop while the socket was down: the socket comes back, the list is fetched.
    server.ids = [2];
    push({ type: 'CONNECTION.BACK' });
    await settle();
    expect(asked).toEqual([1, 1]);
    expect(view().rows.map((r) => r.order.Id)).toEqual([2]);
    expect(view().detail).toBeUndefined();
  });

  it('a popup whose order is still listed stays, and a list loaded in part decides nothing', async () => {
    const { actor, view, push } = positions(ORDER_TAB.holding);
    await settle();
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.OPEN', order: order(1) });
    push({ type: 'CONNECTION.BACK' });
    await settle();
    expect(view().detail).toMatchObject({ order: { Id: 1 } });
    actor.send({ type: 'LIST.LOADED', ids: [2], complete: false });
    expect(view().detail).toMatchObject({ order: { Id: 1 } });
    actor.send({ type: 'LIST.LOADED', ids: [2], complete: true });
    expect(view().detail).toBeUndefined();
  });

  it('a close that fails (closed meanwhile, or its answer lost) fetches the list, and the popup goes if the order did', async () => {
    const { actor, view, server, asked } = positions(ORDER_TAB.holding);
    await settle();
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.OPEN', order: order(1) });
    actor.getSnapshot().children.detail!.send({ type: 'ORDER.CLOSE' });
    server.closeFails = true;
    server.ids = [2];
    actor.getSnapshot().children.detail!.send({ type: 'CLOSE.CONFIRM' });
    await settle();
    expect(asked).toEqual([1, 1]);
    expect(view().detail).toBeUndefined();
    expect(view().rows.map((r) => r.order.Id)).toEqual([2]);
  });

  it('a close the trader takes back sends nothing', async () => {
    const { actor, view } = positions(ORDER_TAB.holding);
    await settle();
    actor.getSnapshot().children.detail!.send({ type: 'DETAIL.OPEN', order: order(1) });
    actor.getSnapshot().children.detail!.send({ type: 'ORDER.CLOSE' });
    actor.getSnapshot().children.detail!.send({ type: 'CLOSE.CANCEL' });
    expect(view().detail).toMatchObject({ isConfirmingClose: false, canClose: true, order: { Id: 1 } });
  });

  it('rows show the live price: a position its pushed close price, a pending order the market and its kind', async () => {
    const { view, push } = positions(ORDER_TAB.holding);
    await settle();
    push({ type: 'TRADE.PUSHED', frame });
    expect(view().rows.map((r) => r.price)).toEqual([1.1, 1.09]);
  });

  it('the summary names balance, equity, margin used, free margin and the risk rate', async () => {
    const { view, push } = positions(ORDER_TAB.holding);
    await settle();
    // Nothing pushed yet: no margin held, equity is the cash.
    expect(view().figures).toMatchObject({ balance: '1000.00', equity: '1000.00', freeMargin: '1000.00', riskRate: undefined });
    push({ type: 'TRADE.PUSHED', frame });
    // 1000 free cash + 216 margin held = 1216 balance; + 7.5 open P&L = 1223.5 equity; - 216 = 1007.5 free.
    expect(view().figures).toEqual({ balance: '1216.00', equity: '1223.50', usedMargin: '216.000000', freeMargin: '1007.50', floating: '7.500000', riskRate: 12.345 });
  });

  it('the summary is of one moment: the pushed figures go with the balance they were worked out with, not one fetched since', async () => {
    const { view, push } = positions(ORDER_TAB.holding);
    await settle();
    // The list says 1000 available, fetched after the push below was made (a close released margin
    // meanwhile): the push's own 784 goes with its 216 of margin, or the margin would count twice.
    push({ type: 'TRADE.PUSHED', frame: { ...frame, Balance: '784.000000' } });
    expect(view().figures).toMatchObject({ balance: '1000.00', equity: '1007.50', usedMargin: '216.000000', freeMargin: '791.50' });
  });

  it('the summary names the money pending orders hold, apart from the other figures, only while some is held', async () => {
    const { view, push } = positions(ORDER_TAB.pending);
    await settle();
    // To 6 decimals, as margin is: four orders' margins and fees, not rounded to the cent.
    push({ type: 'TRADE.PUSHED', frame: { ...frame, PendingHeld: '434.236000' } });
    expect(view().figures).toMatchObject({ pendingHeld: '434.236000', balance: '1216.00', equity: '1223.50' });
    push({ type: 'TRADE.PUSHED', frame: { ...frame, PendingHeld: '0.000000' } });
    expect(view().figures!.pendingHeld).toBeUndefined();
  });

  it('refresh and more go to the tab’s list', async () => {
    const { actor, asked } = positions(ORDER_TAB.holding);
    await settle();
    actor.send({ type: 'LIST.MORE' });
    await settle();
    // Every row is here: no second page is asked for.
    expect(asked).toEqual([1]);
    actor.send({ type: 'LIST.REFRESH' });
    await settle();
    expect(asked).toEqual([1, 1]);
  });
});

describe('numbered pushes', () => {
  const trade = (seq?: number): PositionsEvent => ({ type: 'TRADE.PUSHED', frame: { ...frame, seq } });
  const closed = (seq?: number): PositionsEvent => ({ type: 'ORDERS.CLOSED', ids: [9], seq });

  /** The tab loaded once, then the pushes sent: how many times the list was fetched after that. */
  async function refetchesAfter(tab: OrderTab, pushes: PositionsEvent[]) {
    const { push, asked } = positions(tab);
    await settle();
    for (const event of pushes) {
      push(event);
      await settle();
    }
    return asked.length - 1;
  }

  it('pushes numbered one after another fetch nothing, trade and closed counted together', async () => {
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(4), trade(5), closed(6), trade(7)])).toBe(0);
    expect(await refetchesAfter(ORDER_TAB.pending, [closed(1), trade(2), closed(3)])).toBe(0);
  });

  it('the first numbered push only sets where counting starts', async () => {
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(41)])).toBe(0);
    expect(await refetchesAfter(ORDER_TAB.holding, [closed(41), trade(42)])).toBe(0);
  });

  it('a gap fetches the list once, and the push is still applied', async () => {
    const { push, asked, view } = positions(ORDER_TAB.holding);
    await settle();
    push(trade(3));
    push({ type: 'TRADE.PUSHED', frame: { ...frame, ProfitsTotal: '9', seq: 5 } });
    expect(view().profit).toBe('9');
    await settle();
    expect(asked).toEqual([1, 1]);
    // Counting goes on from the push that showed the gap.
    push(trade(6));
    await settle();
    expect(asked).toEqual([1, 1]);
  });

  it('a closed push after a gap removes its rows and fetches the list once', async () => {
    const { push, asked, view } = positions(ORDER_TAB.holding);
    await settle();
    push(trade(3));
    push({ type: 'ORDERS.CLOSED', ids: [1], seq: 5 });
    expect(view().rows.map((r) => r.order.Id)).toEqual([2]);
    await settle();
    expect(asked).toEqual([1, 1]);
    // The list as fetched again.
    expect(view().rows.map((r) => r.order.Id)).toEqual([1, 2]);
  });

  it('counting from 1 again (a new engine) fetches the list', async () => {
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(7), trade(8), trade(1), trade(2)])).toBe(1);
    expect(await refetchesAfter(ORDER_TAB.pending, [trade(7), closed(1)])).toBe(1);
  });

  it('a repeated or older number is a gap too', async () => {
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(7), trade(7)])).toBe(1);
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(7), trade(5)])).toBe(1);
  });

  it('unnumbered pushes fetch nothing and leave the count where it was', async () => {
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(), closed(), trade(), trade()])).toBe(0);
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(3), trade(), closed(), trade(4)])).toBe(0);
    expect(await refetchesAfter(ORDER_TAB.holding, [trade(3), trade(), trade(5)])).toBe(1);
  });

  const holding = (ids: number[], PendingHeld = '0'): PositionsEvent =>
    ({ type: 'TRADE.PUSHED', frame: { ...frame, PendingHeld, TransOrder: ids.map((Id) => ({ Id, UpdatePrice: 1.1, FactProfits: '1' })) } });

  it('a position no push announced (opened elsewhere, or a pending order filled) fetches holding once', async () => {
    expect(await refetchesAfter(ORDER_TAB.holding, [holding([1, 2]), holding([1, 2, 3]), holding([1, 2, 3]), holding([1, 2, 3])])).toBe(1);
    // One that left is a closed push's business: nothing to fetch.
    expect(await refetchesAfter(ORDER_TAB.holding, [holding([1, 2]), holding([2])])).toBe(0);
    // The first push is held against the list: its own positions fetch nothing, one it lacks does.
    expect(await refetchesAfter(ORDER_TAB.holding, [holding([1, 2])])).toBe(0);
    expect(await refetchesAfter(ORDER_TAB.holding, [holding([1, 2, 3])])).toBe(1);
  });

  it('a pending order placed or gone elsewhere (what pending orders hold changed) fetches pending once', async () => {
    expect(await refetchesAfter(ORDER_TAB.pending, [holding([1], '50'), holding([1], '100.05'), holding([1], '100.05')])).toBe(1);
    // The first push is held against the list: orders listed and nothing held (or the other way round) fetch it.
    expect(await refetchesAfter(ORDER_TAB.pending, [holding([1], '50')])).toBe(0);
    expect(await refetchesAfter(ORDER_TAB.pending, [holding([1], '0')])).toBe(1);
    expect(await refetchesAfter(ORDER_TAB.holding, [holding([1], '0'), holding([1], '100.05')])).toBe(0);
  });

  it('a list that failed to load is fetched again when pushes come back', async () => {
    let fail = true;
    let asked = 0;
    let push: ((event: PositionsEvent) => void) | undefined;
    const list = orderList.provide({
      actors: {
        loadPage: fromPromise(async () => {
          asked++;
          if (fail) throw new Error('offline');
          return { items: [order(1)], total: 1 };
        }),
      },
    });
    const actor = createActor(positionsMachine.provide({
      actors: { holdingList: list, pendingList: list, historyList: list, pushes: fromCallback<PositionsEvent>(({ sendBack }) => { push = sendBack; }) },
    }), { input: { tab: ORDER_TAB.holding } }).start();
    await settle();
    expect(actor.getSnapshot().children.list!.getSnapshot().value).toBe('failed');
    fail = false;
    push!(holding([1]));
    await settle();
    expect(asked).toBe(2);
    expect(actor.getSnapshot().children.list!.getSnapshot().context.items.map((o) => o.Id)).toEqual([1]);
  });

  it('the socket back after a loss fetches the tab again, even with nothing open (no push would come)', async () => {
    for (const tab of [ORDER_TAB.holding, ORDER_TAB.pending, ORDER_TAB.history]) {
      expect(await refetchesAfter(tab, [{ type: 'CONNECTION.BACK' }])).toBe(1);
    }
  });

  it('history, fetched again on every closed push, fetches once for a closed push after a gap', async () => {
    expect(await refetchesAfter(ORDER_TAB.history, [trade(3), closed(5)])).toBe(1);
    expect(await refetchesAfter(ORDER_TAB.history, [trade(3), trade(5)])).toBe(1);
  });

  it('missedPushes: only a numbered push that is not the next one after a numbered one', () => {
    expect(missedPushes(undefined, 1)).toBe(false);
    expect(missedPushes(undefined, 9)).toBe(false);
    expect(missedPushes(3, undefined)).toBe(false);
    expect(missedPushes(3, 4)).toBe(false);
    expect(missedPushes(3, 5)).toBe(true);
    expect(missedPushes(3, 1)).toBe(true);
    expect(missedPushes(3, 3)).toBe(true);
  });
});

describe('position rows against the market', () => {
  const context = { tab: ORDER_TAB.pending, live: undefined, lastSeq: undefined } as const;
  const quotes = (code: string) => (code === 'EURUSD' ? { bid: 1.085, ask: 1.0852 } : undefined);

  it('a pending order shows the price it would open at now, not its trigger, and its kind', () => {
    const buy = positionRow(context, order(3, { Status: ORDER_STATUS.pending, OrderType: 1, Price: 1.08, UpdatePrice: 1.08 }), quotes);
    expect(buy).toMatchObject({ price: 1.0852, kind: 'buy_limit' });
    const sell = positionRow(context, order(4, { Status: ORDER_STATUS.pending, OrderType: 2, Price: 1.08, UpdatePrice: 1.08 }), quotes);
    expect(sell).toMatchObject({ price: 1.085, kind: 'sell_stop' });
    // In history a cancelled one keeps the kind it waited as; what opened is a buy or a sell.
    expect(positionRow(context, order(5, { Status: ORDER_STATUS.cancelled, OrderType: 1, PendingType: 'buy_stop' }), quotes).kind).toBe('buy_stop');
    expect(positionRow(context, order(6, { Status: ORDER_STATUS.closed, OrderType: 1, PendingType: 'buy_stop' }), quotes).kind).toBeUndefined();
  });

  it('shows a P&L only for what opened: a position or a closed trade, not a pending or cancelled order', () => {
    const hasPnl = (Status: Order['Status']) => positionRow(context, order(3, { Status }), quotes).hasPnl;
    expect([ORDER_STATUS.open, ORDER_STATUS.closed, ORDER_STATUS.pending, ORDER_STATUS.cancelled].map(hasPnl)).toEqual([true, true, false, false]);
  });

  it('says why a trade closed, and calls the start of what waited for a price its placing', () => {
    const closedBy = (ClosedType: NonNullable<Order['ClosedType']>) => positionRow(context, order(3, { Status: ORDER_STATUS.closed, ClosedType }), quotes).closedBy;
    expect([1, 2, 3, 4, 5].map((t) => closedBy(t as NonNullable<Order['ClosedType']>)))
      .toEqual(['orders.byYou', 'orders.byStopOut', 'ticket.takeProfit', 'ticket.stopLoss', 'orders.byStaff']);
    expect(positionRow(context, order(3, { Status: ORDER_STATUS.open, ClosedType: 0 }), quotes).closedBy).toBeUndefined();
    const start = (Status: Order['Status']) => positionRow(context, order(3, { Status }), quotes).startLabel;
    expect([ORDER_STATUS.open, ORDER_STATUS.closed, ORDER_STATUS.pending, ORDER_STATUS.cancelled].map(start))
      .toEqual(['orders.opened', 'orders.opened', 'orders.placedAt', 'orders.placedAt']);
  });

  it('without a quote a pending order keeps the list price and names no kind', () => {
    expect(positionRow(context, order(3, { Status: ORDER_STATUS.pending, Price: 1.08, UpdatePrice: 1.08 }), () => undefined)).toMatchObject({ price: 1.08, kind: undefined });
  });

  it('a position not in a push is valued at the quote it would close at', () => {
    expect(positionRow(context, order(5, { OrderType: 2 }), quotes).price).toBe(1.0852);
  });

  it('names the price it shows: the market for a pending order, the price now for a position, the close for history', () => {
    expect(positionRow(context, order(3, { Status: ORDER_STATUS.pending, Price: 1.08 }), quotes).priceLabel).toBe('orders.market');
    expect(positionRow(context, order(5), quotes).priceLabel).toBe('orders.current');
    expect(positionRow(context, order(6, { Status: ORDER_STATUS.closed, UpdatePrice: 1.0851 }), quotes)).toMatchObject({ price: 1.0851, priceLabel: 'orders.closePrice', cancelled: false });
    // A pending order cancelled before it filled is no trade: history says so.
    expect(positionRow(context, order(7, { Status: ORDER_STATUS.cancelled, Price: 1.08 }), quotes)).toMatchObject({ cancelled: true, cancelledLabel: 'orders.cancelled' });
    // Cancelled by the engine as it triggered, the account unable to hold it: said so, not as the trader's cancel.
    expect(positionRow(context, order(8, { Status: ORDER_STATUS.cancelled, ClosedType: CLOSED_TYPE.noMargin }), quotes)).toMatchObject({ cancelledLabel: 'orders.cancelledNoMargin' });
  });
});
