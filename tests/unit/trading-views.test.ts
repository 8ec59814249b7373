import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyStateMachine } from 'xstate';
import { ORDER_STATUS, ORDER_TAB, tradingCalls, type Order } from '../../contract/trading';
import { decimalInput } from '../../machines/shared/decimal-input';
import type { Product } from '../../contract/market';
import { connectQuoteRow } from '../../machines/market/product-list.connect';
import { orderTicketMachine, type SubmitRequest, type TicketAccount } from '../../machines/trading/order-ticket';
import { connectOrderTicket } from '../../machines/trading/order-ticket.connect';

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const started = <M extends AnyStateMachine>(machine: M, input?: unknown) => createActor(machine, { input } as never).start() as ReturnType<typeof createActor<M>>;

const product = (over: Partial<Product> = {}): Product => ({
  Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '', CategoryId: 1, MarketStatus: 1, PricePrecision: 5, Pip: 0.01,
  ForexMinCont: 0.01, ForexMaxCont: 50, ForexContNum: 100000, MarginMode: 2, ForexFeeRate: 5,
  HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
  ForexQuotations: { Open: 1.08, Close: 1.085, High: 1.09, Low: 1.08, Change: 0.1, Volume: 1 },
  ...over,
});

const market = { quote: { bid: 1.085, ask: 1.0852 }, priceOf: () => undefined, live: true, fresh: true };

function ticket(account: TicketAccount | null = { available: '10000', frozen: '0', feeType: 1 }, p = product()) {
  const sent: SubmitRequest[] = [];
  const actor = started(orderTicketMachine.provide({
    actors: {
      loadAccount: fromPromise<TicketAccount | null>(async () => account),
      submit: fromPromise<Order, SubmitRequest>(async ({ input }) => {
        sent.push(input);
        return { Id: 9 } as Order;
      }),
    },
  }), { product: p });
  return { actor, sent };
}

describe('the two trade buttons', () => {
  it('a leverage staff take away while the ticket is open gives way to one still offered, in the preview and the order', async () => {
    const { actor, sent } = ticket();
    await settle();
    actor.send({ type: 'LEVERAGE.SELECT', value: 200 });
    expect(connectOrderTicket(actor.getSnapshot(), market).actions[1].preview!.margin).toBe('5.426000');
    // Read again with the same terms, the trader's choice stays.
    actor.send({ type: 'PRODUCT.SET', product: product({ ForexQuotations: { Open: 1.08, Close: 1.0851, High: 1.09, Low: 1.08, Change: 0.1, Volume: 1 } }) });
    expect(actor.getSnapshot().context.fields.leverage).toBe(200);
    actor.send({ type: 'PRODUCT.SET', product: product({ HasForexMultiple: [{ Value: 50 }, { Value: 100 }] }) });
    expect(connectOrderTicket(actor.getSnapshot(), market).actions[1].preview!.margin).toBe('21.704000');
    actor.send({ type: 'ORDER.SUBMIT', side: 1 });
    await settle();
    expect(sent[0]!.multiple).toBe(50);
    // None left: nothing is previewed at a leverage that is not there.
    actor.send({ type: 'PRODUCT.SET', product: product({ HasForexMultiple: [] }) });
    expect(actor.getSnapshot().context.fields.leverage).toBeUndefined();
    expect(connectOrderTicket(actor.getSnapshot(), market).actions[1].preview).toBeUndefined();
  });

  it('SELL shows the bid and BUY the ask, each previewed at its own price, with the spread between', async () => {
    const { actor } = ticket();
    await settle();
    const view = connectOrderTicket(actor.getSnapshot(), market);
    const [sell, buy] = view.actions;
    expect(sell).toMatchObject({ side: 2, price: 1.085, kind: undefined, canSubmit: true });
    expect(buy).toMatchObject({ side: 1, price: 1.0852, kind: undefined, canSubmit: true });
    // 0.01 lots x 100000 x price / 100: the margin follows the price on the button.
    expect(sell.preview!.margin).toBe('10.850000');
    expect(buy.preview!.margin).toBe('10.852000');
    expect(view.spread).toBe(0.0002);
  });

  it('previews an index quoted in yen in USD, as the engine charges it, not in yen', async () => {
    const jpn225 = product({ Code: 'JPN225', ShowCode: 'Japan 225', ForexContNum: 1, HasForexMultiple: [{ Value: 5 }], QuoteCurrency: 'JPY' });
    const { actor } = ticket(undefined, jpn225);
    await settle();
    // 0.01 lots x 1 x 38,520 / 5 = 77.04 JPY, at 151.34 JPY a dollar.
    const view = connectOrderTicket(actor.getSnapshot(), { quote: { bid: 38500, ask: 38520 }, priceOf: (code: string) => (code === 'USDJPY' ? 151.34 : undefined), live: true, fresh: true });
    expect(view.actions[1].preview!.margin).toBe((77.04 / 151.34).toFixed(6));
  });

  it('before the first tick the ask is unknown: no BUY price, no spread, no BUY preview', async () => {
    const { actor } = ticket();
    await settle();
    const view = connectOrderTicket(actor.getSnapshot(), { quote: { bid: 1.085, ask: undefined }, priceOf: () => undefined, live: true, fresh: true });
    expect(view.actions[1].price).toBeUndefined();
    expect(view.actions[1].preview).toBeUndefined();
    expect(view.actions[0].price).toBe(1.085);
    expect(view.spread).toBeUndefined();
  });

  it('a pending order names its kind from the price typed against the market', async () => {
    const { actor } = ticket();
    await settle();
    actor.send({ type: 'MODE.SELECT', mode: 'pending' });
    actor.send({ type: 'PRICE.CHANGE', value: '1.08' });
    let [sell, buy] = connectOrderTicket(actor.getSnapshot(), market).actions;
    expect([sell.kind, buy.kind]).toEqual(['sell_stop', 'buy_limit']);
    expect([sell.price, buy.price]).toEqual([1.08, 1.08]);
    actor.send({ type: 'PRICE.CHANGE', value: '1.09' });
    [sell, buy] = connectOrderTicket(actor.getSnapshot(), market).actions;
    expect([sell.kind, buy.kind]).toEqual(['sell_limit', 'buy_stop']);
  });

  it('takes no digit past the product\'s price digits in the pending price or the levels, which the server would refuse', async () => {
    const { actor } = ticket();
    await settle();
    actor.send({ type: 'MODE.SELECT', mode: 'pending' });
    actor.send({ type: 'PRICE.CHANGE', value: '1.083456' });
    actor.send({ type: 'SL.CHANGE', value: '1,0712345' });
    actor.send({ type: 'TP.CHANGE', value: '1.1' });
    expect(actor.getSnapshot().context.fields).toMatchObject({ price: '1.08345', sl: '1.07123', tp: '1.1' });
    expect(connectOrderTicket(actor.getSnapshot(), market).actions[1].price).toBe(1.08345);
    const { actor: whole } = ticket(undefined, product({ PricePrecision: 0 }));
    await settle();
    whole.send({ type: 'PRICE.CHANGE', value: '65000.5' });
    expect(whole.getSnapshot().context.fields.price).toBe('65000');
  });

  // Phones in de, fr or vn offer a decimal comma; Arabic and Persian keyboards type their own digits
  // and the Arabic decimal separator, as the app shows numbers in those languages.
  it.each([['a decimal comma', '0,02', '1,08'], ['Persian and Arabic-Indic digits', '۰٫۰۲', '١٫٠٨']])('reads %s as the number typed', async (_, lots, price) => {
    const { actor, sent } = ticket();
    await settle();
    actor.send({ type: 'LOTS.CHANGE', value: lots });
    actor.send({ type: 'MODE.SELECT', mode: 'pending' });
    actor.send({ type: 'PRICE.CHANGE', value: price });
    const [, buy] = connectOrderTicket(actor.getSnapshot(), market).actions;
    expect(buy).toMatchObject({ price: 1.08, kind: 'buy_limit' });
    expect(buy.preview!.margin).toBe('21.600000');
    actor.send({ type: 'ORDER.SUBMIT', side: 1 });
    await settle();
    expect(sent[0]).toMatchObject({ cont: 0.02, target_price: 1.08 });
  });

  it('reads every digit of every script keyboards type, for every amount and level typed (stops on an open order, deposits, withdrawals)', () => {
    expect(['۱۲۳۴۵۶۷۸۹۰', '٠١٢٣٤٥٦٧٨٩', '۰٫۹', '12,5'].map(decimalInput)).toEqual(['1234567890', '0123456789', '0.9', '12.5']);
    // Full width, as Chinese and Japanese keyboards type in that mode.
    expect(['１２３４５６７８９０', '０．５', '０.５', '５０００'].map(decimalInput)).toEqual(['1234567890', '0.5', '0.5', '5000']);
    // A leading point, as many type a half.
    expect(['.5', ',25', '.'].map(decimalInput)).toEqual(['0.5', '0.25', '0.']);
  });

  it('an order that would leave the free balance below zero is off and says why', async () => {
    const { actor } = ticket({ available: '10.851', frozen: '0', feeType: 2 });
    await settle();
    const [sell, buy] = connectOrderTicket(actor.getSnapshot(), { ...market, quote: { bid: 1.085, ask: 1.0852 } }).actions;
    // Fee type 2 takes the margin x rate: both sides are short of cash.
    expect(sell.block).toBe('insufficient_margin');
    expect(sell.canSubmit).toBe(false);
    expect(buy.block).toBe('insufficient_margin');
    const { actor: rich } = ticket({ available: '100000', frozen: '0', feeType: 2 });
    await settle();
    expect(connectOrderTicket(rich.getSnapshot(), market).actions.every((a) => a.canSubmit)).toBe(true);
  });

  it('lots outside the product\'s rules are refused naming the rule broken, with the product\'s figure, and nothing is sent', async () => {
    const { actor, sent } = ticket();
    await settle();
    const tried = (lots: string) => {
      actor.send({ type: 'LOTS.CHANGE', value: lots });
      actor.send({ type: 'ORDER.SUBMIT', side: 1 });
      return connectOrderTicket(actor.getSnapshot(), market);
    };
    expect(tried('0.001')).toMatchObject({ problem: 'lots_below_min', problemValues: { min: 0.01 } });
    expect(tried('0')).toMatchObject({ problem: 'lots_below_min' });
    expect(tried('51')).toMatchObject({ problem: 'lots_above_max', problemValues: { max: 50 } });
    expect(tried('0.015')).toMatchObject({ problem: 'lots_off_step', problemValues: { step: 0.01 } });
    expect(tried('abc').problem).toBe('lots_invalid');
    await settle();
    expect(sent).toEqual([]);
  });

  it('the button pressed decides the side sent, and a new side is a new request id', async () => {
    const { actor, sent } = ticket();
    await settle();
    actor.send({ type: 'ORDER.SUBMIT', side: 2 });
    await settle();
    expect(sent[0]!.type).toBe(2);
    actor.send({ type: 'POPUP.CLOSE' });
    await settle();
    actor.send({ type: 'ORDER.SUBMIT', side: 1 });
    await settle();
    expect(sent[1]!.type).toBe(1);
    expect(sent[1]!.client_order_id).not.toBe(sent[0]!.client_order_id);
    expect(actor.getSnapshot().context.placed?.Id).toBe(9);
  });

  it('the popup of an order placed to wait names its kind, as the lists do, and leads to the pending tab; a market order has no kind and leads to holding', async () => {
    const answering = (Status: number) => started(orderTicketMachine.provide({
      actors: {
        loadAccount: fromPromise<TicketAccount | null>(async () => ({ available: '10000', frozen: '0', feeType: 1 })),
        submit: fromPromise<Order, SubmitRequest>(async ({ input }) => ({ Id: 9, Status, OrderType: input.type, Price: 1.08 }) as Order),
      },
    }), { product: product() });
    const pending = answering(ORDER_STATUS.pending);
    await settle();
    pending.send({ type: 'MODE.SELECT', mode: 'pending' });
    pending.send({ type: 'PRICE.CHANGE', value: '1.08' });
    pending.send({ type: 'ORDER.SUBMIT', side: 1 });
    await settle();
    expect(connectOrderTicket(pending.getSnapshot(), market)).toMatchObject({ placedKind: 'buy_limit', placedTab: ORDER_TAB.pending });

    // The kind the server fixed at placement stays while the market moves past the price (the order fills).
    const named = started(orderTicketMachine.provide({
      actors: {
        loadAccount: fromPromise<TicketAccount | null>(async () => ({ available: '10000', frozen: '0', feeType: 1 })),
        submit: fromPromise<Order, SubmitRequest>(async () => ({ Id: 10, Status: ORDER_STATUS.pending, OrderType: 1, Price: 1.08, PendingType: 'buy_limit' }) as Order),
      },
    }), { product: product() });
    await settle();
    named.send({ type: 'MODE.SELECT', mode: 'pending' });
    named.send({ type: 'PRICE.CHANGE', value: '1.08' });
    named.send({ type: 'ORDER.SUBMIT', side: 1 });
    await settle();
    const fallen = { ...market, quote: { bid: 1.0790, ask: 1.0792 } };
    expect(connectOrderTicket(named.getSnapshot(), fallen).placedKind).toBe('buy_limit');

    const filled = answering(ORDER_STATUS.open);
    await settle();
    filled.send({ type: 'ORDER.SUBMIT', side: 1 });
    await settle();
    const view = connectOrderTicket(filled.getSnapshot(), market);
    expect(view.placed?.Id).toBe(9);
    expect(view.placedKind).toBeUndefined();
    expect(view.placedTab).toBe(ORDER_TAB.holding);
  });

  it('the market closed turns both buttons off', async () => {
    const { actor } = ticket(null, product({ MarketStatus: 2 }));
    await settle();
    const view = connectOrderTicket(actor.getSnapshot(), market);
    expect(view.isMarketClosed).toBe(true);
    expect(view.actions.map((a) => a.canSubmit)).toEqual([false, false]);
  });

  it('a connection down turns both buttons off, market or pending, until prices arrive again', async () => {
    const { actor } = ticket();
    await settle();
    expect(connectOrderTicket(actor.getSnapshot(), { ...market, live: false }).actions.map((a) => a.canSubmit)).toEqual([false, false]);
    actor.send({ type: 'MODE.SELECT', mode: 'pending' });
    actor.send({ type: 'PRICE.CHANGE', value: '1.08' });
    expect(connectOrderTicket(actor.getSnapshot(), { ...market, live: false }).actions.map((a) => a.canSubmit)).toEqual([false, false]);
    expect(connectOrderTicket(actor.getSnapshot(), market).actions.map((a) => a.canSubmit)).toEqual([true, true]);
  });

  it('prices late or stopped turn a market order\'s buttons off, not a pending order\'s, whose price is the trader\'s', async () => {
    const { actor } = ticket();
    await settle();
    const late = { ...market, fresh: false };
    expect(connectOrderTicket(actor.getSnapshot(), late).actions.map((a) => a.canSubmit)).toEqual([false, false]);
    actor.send({ type: 'MODE.SELECT', mode: 'pending' });
    actor.send({ type: 'PRICE.CHANGE', value: '1.08' });
    expect(connectOrderTicket(actor.getSnapshot(), late).actions.map((a) => a.canSubmit)).toEqual([true, true]);
  });
});

describe('client order id', () => {
  /** A ticket whose submits answer in turn as told: an order, a failed call (no order known), a transport failure or a refusal. */
  function scripted(answers: ('placed' | 'failed' | 'lost' | 'gateway' | 'refused' | 'session ended')[], p = product()) {
    const sent: SubmitRequest[] = [];
    let switchTo: ((next: Product) => void) | undefined;
    const actor = started(orderTicketMachine.provide({
      actors: {
        loadAccount: fromPromise<TicketAccount | null>(async () => ({ available: '10000', frozen: '0', feeType: 1 })),
        chosenProduct: fromCallback(({ sendBack }) => {
          switchTo = (next: Product) => sendBack({ type: 'PRODUCT.SET', product: next });
        }),
        submit: fromPromise<Order, SubmitRequest>(async ({ input }) => {
          sent.push(input);
          const answer = answers[sent.length - 1];
          if (answer === 'failed') throw new Error('timeout');
          // As the API client refuses: a transport code, or the server's envelope code.
          if (answer === 'lost') throw Object.assign(new Error('network'), { code: 'network' });
          if (answer === 'gateway') throw Object.assign(new Error('502'), { code: 502 });
          if (answer === 'refused') throw Object.assign(new Error('Insufficient balance'), { code: 0 });
          if (answer === 'session ended') throw Object.assign(new Error('Please log in again'), { code: 999 });
          return { Id: sent.length } as Order;
        }),
      },
    }), { product: p });
    const submit = async () => {
      actor.send({ type: 'ORDER.SUBMIT' });
      await settle();
    };
    return { actor, sent, submit, switchTo: (next: Product) => switchTo!(next) };
  }

  it('every submit carries one the contract accepts', async () => {
    const { sent, submit } = scripted(['placed']);
    await settle();
    await submit();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.client_order_id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(tradingCalls.submit.request.parse(sent[0])).toMatchObject({ client_order_id: sent[0]!.client_order_id });
  });

  it('two orders placed one after the other, the same form both times, carry different ids', async () => {
    const { actor, sent, submit } = scripted(['placed', 'placed']);
    await settle();
    await submit();
    actor.send({ type: 'POPUP.CLOSE' });
    await settle();
    await submit();
    expect(sent.map((r) => r.forex_id)).toEqual([1, 1]);
    expect(sent[1]!.client_order_id).not.toBe(sent[0]!.client_order_id);
  });

  it('the same form sent again after a failed call keeps its id; a changed form gets a new one', async () => {
    const { actor, sent, submit } = scripted(['failed', 'failed', 'failed', 'placed']);
    await settle();
    await submit();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    await submit();
    expect(sent[1]!.client_order_id).toBe(sent[0]!.client_order_id);
    actor.send({ type: 'LOTS.INCREMENT' });
    await submit();
    expect(sent[2]!.cont).toBe(0.02);
    expect(sent[2]!.client_order_id).not.toBe(sent[1]!.client_order_id);
    // The same form once more: the retry of the third call, placed this time.
    await submit();
    expect(sent[3]!.client_order_id).toBe(sent[2]!.client_order_id);
    expect(actor.getSnapshot().value).toBe('placed');
  });

  it('a lost answer says the order may stand; a refusal does not; an edit clears it', async () => {
    const { actor, submit } = scripted(['lost', 'refused', 'gateway', 'session ended']);
    await settle();
    await submit();
    expect(actor.getSnapshot().context.problem).toBe('answer_lost');
    await submit();
    expect(actor.getSnapshot().context.problem).toBeUndefined();
    await submit();
    expect(actor.getSnapshot().context.problem).toBe('answer_lost');
    // The envelope's 999 is the server's answer (the session ended), no HTTP status.
    await submit();
    expect(actor.getSnapshot().context.problem).toBeUndefined();
    actor.send({ type: 'LOTS.INCREMENT' });
    expect(actor.getSnapshot().context.problem).toBeUndefined();
  });

  it('a lost answer settled by the retry that placed the order says nothing more', async () => {
    const { actor, submit } = scripted(['lost', 'placed']);
    await settle();
    await submit();
    expect(actor.getSnapshot().context.problem).toBe('answer_lost');
    await submit();
    expect(actor.getSnapshot().value).toBe('placed');
    actor.send({ type: 'POPUP.CLOSE' });
    await settle();
    expect(actor.getSnapshot().context.problem).toBeUndefined();
  });

  it('another product after a failed call is another order, with a new id', async () => {
    const { sent, submit, switchTo } = scripted(['failed', 'placed']);
    await settle();
    await submit();
    switchTo(product({ Id: 2, Code: 'GBPUSD' }));
    await submit();
    expect(sent.map((r) => r.forex_id)).toEqual([1, 2]);
    expect(sent[1]!.client_order_id).not.toBe(sent[0]!.client_order_id);
  });
});

describe('quote row', () => {
  it('shows the list bid until a tick brings the bid and the ask', () => {
    expect(connectQuoteRow(product(), undefined)).toEqual({ closed: false, bid: 1.085, ask: undefined, change: 0.1, rising: true });
    expect(connectQuoteRow(product(), { close: 1.084, ask: 1.0842, change: -0.2 })).toEqual({ closed: false, bid: 1.084, ask: 1.0842, change: -0.2, rising: false });
    expect(connectQuoteRow(product({ MarketStatus: 2 }), undefined).closed).toBe(true);
  });

  it('shows the list ask before the first tick, and the tick ask after it', () => {
    const listed = product({ ForexQuotations: { Open: 1.08, Close: 1.085, High: 1.09, Low: 1.08, Change: 0.1, Volume: 1, Ask: 1.0852 } });
    expect(connectQuoteRow(listed, undefined)).toMatchObject({ bid: 1.085, ask: 1.0852 });
    expect(connectQuoteRow(listed, { close: 1.0851, ask: 1.0853, change: 0.1 })).toMatchObject({ bid: 1.0851, ask: 1.0853 });
  });
});


describe('chart levels', () => {
  it('a level beyond the candles is placed at that edge, not in the scale', async () => {
    const { placeLevels } = await import('../../src/features/trading/trade/levels');
    const placed = placeLevels([
      { key: 'a', kind: 'sl', price: 0.5 },
      { key: 'b', kind: 'tp', price: 2 },
      { key: 'c', kind: 'entry', price: 1.08 },
    ], 1.07, 1.09);
    expect(placed.map((l) => l.edge)).toEqual(['below', 'above', undefined]);
  });

  it('draws each kind of level at one price once, however many positions share it', async () => {
    const { orderLevels } = await import('../../src/features/trading/trade/levels');
    const position = (Id: number, Price: number, TargetLossPrice = 0) =>
      ({ Id, Price, TargetLossPrice, TargetProfitPrice: 0, Status: ORDER_STATUS.open, ForexTradeLists: { Id: 25 } }) as unknown as Order;
    const levels = orderLevels([position(1, 65000, 64000), position(2, 65000, 64000), position(3, 65000), position(4, 65100, 64000)], 25);
    expect(levels).toEqual([
      { key: '1.entry', kind: 'entry', price: 65000 },
      { key: '1.sl', kind: 'sl', price: 64000 },
      { key: '4.entry', kind: 'entry', price: 65100 },
    ]);
  });
});
