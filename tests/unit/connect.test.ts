import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { Session } from '../../contract/account';
import { ORDER_STATUS, type Order } from '../../contract/trading';
import { type Candle, type Period, type Product } from '../../contract/market';
import { countdownMachine } from '../../machines/accounts/countdown';
import { connectCountdown } from '../../machines/accounts/countdown.connect';
import { loginMachine } from '../../machines/accounts/login';
import { connectLogin } from '../../machines/accounts/login.connect';
import { passwordResetMachine } from '../../machines/accounts/password-reset';
import { connectPasswordReset } from '../../machines/accounts/password-reset.connect';
import { registerMachine, type Area, type RegisterMode } from '../../machines/accounts/register';
import { connectRegister } from '../../machines/accounts/register.connect';
import { sessionMachine } from '../../machines/accounts/session';
import { connectSession } from '../../machines/accounts/session.connect';
import { chartMachine } from '../../machines/market/chart';
import { connectChart } from '../../machines/market/chart.connect';
import { chosenProduct, productListMachine } from '../../machines/market/product-list';
import { connectProductList } from '../../machines/market/product-list.connect';
import { pagedList, type Page } from '../../machines/shared/paged-list';
import { connectPagedList } from '../../machines/shared/paged-list.connect';
import { CONNECT_TIMEOUT_MS, HEARTBEAT_MS, MAX_MISSED_PINGS, PONG_LATE_MS, QUIET_BEATS, socketMachine } from '../../machines/shared/socket';
import { connectSocket } from '../../machines/shared/socket.connect';
import { orderDetailMachine } from '../../machines/trading/order-detail';
import { connectOrderDetail } from '../../machines/trading/order-detail.connect';
import { orderTicketMachine, ticketProblem, type TicketAccount } from '../../machines/trading/order-ticket';
import { connectOrderTicket } from '../../machines/trading/order-ticket.connect';

/** Waits for the promise actors a machine invoked to settle. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function started<M extends AnyStateMachine>(machine: M, input?: unknown, clock?: SimulatedClock) {
  return createActor(machine, { input, clock } as never).start() as ReturnType<typeof createActor<M>>;
}

const product = (over: Partial<Product> = {}): Product => ({
  Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', Logo: '', CategoryId: 1, MarketStatus: 1, PricePrecision: 5, Pip: 0.01,
  ForexMinCont: 0.01, ForexMaxCont: 50, ForexContNum: 100000, MarginMode: 2, ForexFeeRate: 5,
  HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
  ForexQuotations: { Open: 1.08, Close: 1.085, High: 1.09, Low: 1.08, Change: 0.1, Volume: 1 },
  ...over,
});

const order = (over: Partial<Order> = {}): Order => ({
  Id: 5, OrderOn: 'A1', OrderType: 1, Quantity: 0.1, Price: 1.08, OriginPrice: 1.08, UpdatePrice: 1.09, FactProfits: '2.5',
  CautionMoney: '108', TradeFee: '0.5', TargetLossPrice: 0, TargetProfitPrice: 1.2, Multiple: 100, Status: ORDER_STATUS.open,
  CreateTimeHandler: '2026-01-02 03:04:05', ForexTradeLists: { Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD' },
  ...over,
});

const session: Session = { id: 1, uid: '10000001', email: 'a@b.co', is_demo: 0, invite_code: 'ABCD2345', token: 't1' };

describe('order ticket view', () => {
  const market = { quote: { bid: 1.085, ask: 1.0852 }, priceOf: () => undefined, live: true, fresh: true };
  const ticket = (p = product(), account: TicketAccount | null = { available: '10000', frozen: '0', feeType: 1 }) =>
    started(orderTicketMachine.provide({
      actors: {
        loadAccount: fromPromise<TicketAccount | null>(async () => account),
        submit: fromPromise(() => new Promise<Order>(() => {})),
      },
    }), { product: p });

  it('at the smallest lots the minus is off; one step up it is on', async () => {
    const actor = ticket();
    await settle();
    expect(connectOrderTicket(actor.getSnapshot(), market).canDecrement).toBe(false);
    actor.send({ type: 'LOTS.INCREMENT' });
    const view = connectOrderTicket(actor.getSnapshot(), market);
    expect(view.fields.lots).toBe('0.02');
    expect(view.canDecrement).toBe(true);
    // Emptied, there is nothing to lower: off too; the plus starts again from the smallest lots.
    actor.send({ type: 'LOTS.CHANGE', value: '' });
    expect(connectOrderTicket(actor.getSnapshot(), market).canDecrement).toBe(false);
    actor.send({ type: 'LOTS.DECREMENT' });
    expect(actor.getSnapshot().context.fields.lots).toBe('');
  });

  it('at the largest lots the plus is off, and one step below it is on', async () => {
    const actor = ticket();
    await settle();
    actor.send({ type: 'LOTS.CHANGE', value: '49.99' });
    expect(connectOrderTicket(actor.getSnapshot(), market).canIncrement).toBe(true);
    actor.send({ type: 'LOTS.INCREMENT' });
    expect(connectOrderTicket(actor.getSnapshot(), market)).toMatchObject({ fields: { lots: '50' }, canIncrement: false });
    // Pressed anyway (a stale tap), it stays at the largest order.
    actor.send({ type: 'LOTS.INCREMENT' });
    expect(actor.getSnapshot().context.fields.lots).toBe('50');
  });

  it('names a lot size off the product\'s rules as it is typed, before any balance, and prices nothing then', async () => {
    const actor = ticket();
    await settle();
    for (const [lots, problem] of [['0.015', 'lots_off_step'], ['0.001', 'lots_below_min'], ['1000', 'lots_above_max'], ['1..2', 'lots_invalid']] as const) {
      actor.send({ type: 'LOTS.CHANGE', value: lots });
      const view = connectOrderTicket(actor.getSnapshot(), market);
      expect([lots, view.problem, view.preview, view.actions.map((a) => a.block)]).toEqual([lots, problem, undefined, [undefined, undefined]]);
      // A tap says it again and sends nothing.
      actor.send({ type: 'ORDER.SUBMIT', side: 1 });
      expect([actor.getSnapshot().value, actor.getSnapshot().context.problem]).toEqual([{ editing: 'ready' }, problem]);
    }
    actor.send({ type: 'LOTS.CHANGE', value: '0.02' });
    expect(connectOrderTicket(actor.getSnapshot(), market).problem).toBeUndefined();
  });

  it('asks for a price above 0 for a stop-loss switched on: 0 would be sent as none, a sign is no price', () => {
    const fields = (sl: string) => ({ side: 1 as const, mode: 'market' as const, lots: '0.01', leverage: 100, price: '', slOn: true, sl, tpOn: false, tp: '' });
    expect(['-5', '0', 'abc', '1.08'].map((sl) => ticketProblem(product(), fields(sl)))).toEqual(['stop_invalid', 'stop_invalid', 'stop_invalid', undefined]);
  });

  it('prices margin and fee at the quote and shows the balance left after them', async () => {
    const actor = ticket();
    await settle();
    const view = connectOrderTicket(actor.getSnapshot(), market);
    expect(view.preview).toBeDefined();
    expect(Number(view.preview!.margin)).toBeGreaterThan(0);
    expect(view.showsAvailable).toBe(true);
    expect(view.available).toBe(view.preview!.availableAfter);
    expect(Number(view.available)).toBeLessThan(10000);
    expect(view.leverages).toEqual([100, 200]);
    expect(view.submitLabel).toBe('ticket.submitBuy');
    expect(view.canSubmit).toBe(true);
  });

  it('without a quote there is no preview and the balance shows as it stands', async () => {
    const actor = ticket();
    await settle();
    const view = connectOrderTicket(actor.getSnapshot(), { quote: undefined, priceOf: () => undefined, live: true, fresh: true });
    expect(view.preview).toBeUndefined();
    expect(view.available).toBe('10000');
  });

  it('a visitor sees no balance', async () => {
    const actor = ticket(product(), null);
    await settle();
    const view = connectOrderTicket(actor.getSnapshot(), market);
    expect(view.showsAvailable).toBe(false);
    expect(view.available).toBeUndefined();
  });

  it('a market order on a closed market cannot be sent and says why; a pending one can', async () => {
    const actor = ticket(product({ MarketStatus: 2 }));
    await settle();
    let view = connectOrderTicket(actor.getSnapshot(), market);
    expect(view.isMarketClosed).toBe(true);
    expect(view.canSubmit).toBe(false);
    expect(view.submitLabel).toBe('market.closed');
    actor.send({ type: 'MODE.SELECT', mode: 'pending' });
    actor.send({ type: 'SIDE.SELECT', side: 2 });
    view = connectOrderTicket(actor.getSnapshot(), market);
    expect(view.isMarketClosed).toBe(false);
    expect(view.submitLabel).toBe('ticket.submitSell');
  });

  it('while the order is sent the button waits', async () => {
    const actor = ticket();
    await settle();
    actor.send({ type: 'ORDER.SUBMIT' });
    const view = connectOrderTicket(actor.getSnapshot(), market);
    expect(view.isSubmitting).toBe(true);
    expect(view.canSubmit).toBe(false);
    expect(actor.getSnapshot().context.clientOrderId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('follows the product its chosen-product actor reports, keeping the form for the same product', async () => {
    let report: ((p: Product) => void) | undefined;
    const actor = started(orderTicketMachine.provide({
      actors: {
        loadAccount: fromPromise<TicketAccount | null>(async () => null),
        chosenProduct: fromCallback(({ sendBack }) => {
          report = (p) => sendBack({ type: 'PRODUCT.SET', product: p });
        }),
      },
    }), { product: product() });
    await settle();
    actor.send({ type: 'LOTS.INCREMENT' });
    report!(product({ MarketStatus: 2 }));
    expect(connectOrderTicket(actor.getSnapshot(), market)).toMatchObject({ isMarketClosed: true, fields: { lots: '0.02' } });
    report!(product({ Id: 2, Code: 'XAUUSD', HasForexMultiple: [] }));
    expect(connectOrderTicket(actor.getSnapshot(), market)).toMatchObject({ leverages: [], fields: { lots: '0.01' } });
  });

  it('reads the account again when its money changed elsewhere, and keeps what the trader types meanwhile', async () => {
    let available = '10000';
    let changed: (() => void) | undefined;
    const actor = started(orderTicketMachine.provide({
      actors: {
        loadAccount: fromPromise<TicketAccount | null>(async () => ({ available, frozen: '0', feeType: 1 })),
        accountChanges: fromCallback(({ sendBack }) => {
          changed = () => sendBack({ type: 'ACCOUNT.RELOAD' });
        }),
      },
    }), { product: product() });
    await settle();
    expect(actor.getSnapshot().context.account?.available).toBe('10000');
    available = '9563.84';
    changed!();
    actor.send({ type: 'LOTS.INCREMENT' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ account: { available: '9563.84' }, fields: { lots: '0.02' } });
  });
});

describe('order detail view', () => {
  const detail = () => started(orderDetailMachine.provide({ actors: { closeOrder: fromPromise(() => new Promise(() => {})) } }));

  it('is closed until an order is opened', () => {
    expect(connectOrderDetail(detail().getSnapshot())).toMatchObject({ isOpen: false, order: undefined });
  });

  it('an open position can be closed and take new levels, not cancelled', () => {
    const actor = detail();
    actor.send({ type: 'DETAIL.OPEN', order: order() });
    expect(connectOrderDetail(actor.getSnapshot())).toEqual({
      isOpen: true, order: order(), sl: '', tp: '1.2', isBusy: false, canEditStops: true, canClose: true, canCancel: false,
      isConfirmingClose: false, settled: undefined, problem: undefined,
    });
  });

  it('says a level it cannot read instead of sending 0, which would remove the level set; an emptied one is removed', async () => {
    const saved: unknown[] = [];
    const actor = started(orderDetailMachine.provide({ actors: { saveStops: fromPromise(async ({ input }) => void saved.push(input)) } }));
    actor.send({ type: 'DETAIL.OPEN', order: order({ TargetLossPrice: 1.05 }) });
    for (const typed of ['-1', 'abc', '1.0.5']) {
      actor.send({ type: 'SL.CHANGE', value: typed });
      actor.send({ type: 'STOPS.SAVE' });
      await settle();
      expect(connectOrderDetail(actor.getSnapshot())).toMatchObject({ problem: 'stop_invalid', isBusy: false });
    }
    expect(saved).toEqual([]);
    actor.send({ type: 'SL.CHANGE', value: '' });
    expect(connectOrderDetail(actor.getSnapshot()).problem).toBeUndefined();
    actor.send({ type: 'STOPS.SAVE' });
    await settle();
    expect(saved).toEqual([{ id: 5, stop_loss_price: 0, target_profit_price: 1.2 }]);
  });

  it('takes no digit past the order\'s price digits in a level', () => {
    const actor = detail();
    actor.send({ type: 'DETAIL.OPEN', order: order({ ForexTradeLists: { Id: 1, Code: 'EURUSD', ShowCode: 'EUR/USD', PricePrecision: 3 } }) });
    actor.send({ type: 'SL.CHANGE', value: '1.07456' });
    actor.send({ type: 'TP.CHANGE', value: '1.2' });
    expect(connectOrderDetail(actor.getSnapshot())).toMatchObject({ sl: '1.074', tp: '1.2' });
  });

  it('a pending order can be cancelled; a closed one only shown', () => {
    const actor = detail();
    actor.send({ type: 'DETAIL.OPEN', order: order({ Status: ORDER_STATUS.pending }) });
    expect(connectOrderDetail(actor.getSnapshot())).toMatchObject({ canCancel: true, canClose: false, canEditStops: true });
    actor.send({ type: 'DETAIL.CLOSE' });
    actor.send({ type: 'DETAIL.OPEN', order: order({ Status: ORDER_STATUS.closed }) });
    expect(connectOrderDetail(actor.getSnapshot())).toMatchObject({ canCancel: false, canClose: false, canEditStops: false });
  });

  it('asks first, then is busy while the close is on its way', () => {
    const actor = detail();
    actor.send({ type: 'DETAIL.OPEN', order: order() });
    actor.send({ type: 'ORDER.CLOSE' });
    expect(connectOrderDetail(actor.getSnapshot())).toMatchObject({ isOpen: true, isConfirmingClose: true, isBusy: false });
    actor.send({ type: 'CLOSE.CONFIRM' });
    expect(connectOrderDetail(actor.getSnapshot())).toMatchObject({ isOpen: true, isConfirmingClose: false, isBusy: true });
  });
});

describe('paged list view', () => {
  const list = (pages: Page<{ Id: number }>[]) => {
    let call = 0;
    return started(pagedList<{ Id: number }>().provide({
      actors: {
        loadPage: fromPromise(async () => {
          const page = pages[call++];
          if (!page) throw new Error('no page');
          return page;
        }),
      },
    }));
  };

  it('a list not started yet shows as loading', () => {
    expect(connectPagedList(undefined)).toMatchObject({ items: [], isLoading: true, empty: 'loading' });
  });

  it('loading, then rows until every page is here', async () => {
    const actor = list([{ items: [{ Id: 1 }], total: 2, meta: { balance: '10' } }, { items: [{ Id: 2 }], total: 2 }]);
    expect(connectPagedList(actor.getSnapshot())).toMatchObject({ isLoading: true, empty: 'loading' });
    await settle();
    expect(connectPagedList(actor.getSnapshot())).toEqual({
      items: [{ Id: 1 }], meta: { balance: '10' }, isLoading: false, isFailed: false, failedAt: undefined, isFinished: false, empty: undefined,
    });
    actor.send({ type: 'LIST.MORE' });
    await settle();
    expect(connectPagedList(actor.getSnapshot())).toMatchObject({ items: [{ Id: 1 }, { Id: 2 }], isFinished: true });
  });

  it('says a failed load in place of the rows when none are shown, else at the list\'s end', async () => {
    const first = list([]);
    await settle();
    expect(connectPagedList(first.getSnapshot())).toMatchObject({ isFailed: true, failedAt: 'list', empty: undefined });
    const next = list([{ items: [{ Id: 2 }], total: 2 }]);
    await settle();
    next.send({ type: 'LIST.MORE' });
    await settle();
    expect(connectPagedList(next.getSnapshot())).toMatchObject({ items: [{ Id: 2 }], isFailed: true, failedAt: 'end' });
  });

  it('shows a row once when rows added above push it onto the next page, and ends at an empty page', async () => {
    // Page 1 held 3 and 2; a new row (4) came on top, so page 2 starts with 2 again; the total counts 4.
    const actor = list([{ items: [{ Id: 3 }, { Id: 2 }], total: 3 }, { items: [{ Id: 2 }, { Id: 1 }], total: 4 }, { items: [], total: 4 }]);
    await settle();
    actor.send({ type: 'LIST.MORE' });
    await settle();
    expect(connectPagedList(actor.getSnapshot())).toMatchObject({ items: [{ Id: 3 }, { Id: 2 }, { Id: 1 }], isFinished: false });
    actor.send({ type: 'LIST.MORE' });
    await settle();
    expect(connectPagedList(actor.getSnapshot())).toMatchObject({ items: [{ Id: 3 }, { Id: 2 }, { Id: 1 }], isFinished: true });
  });

  it('an empty answer says there is nothing; a failed one says so instead of "nothing"', async () => {
    const empty = list([{ items: [], total: 0 }]);
    await settle();
    expect(connectPagedList(empty.getSnapshot())).toMatchObject({ empty: 'none', isFinished: true });
    const failing = list([]);
    await settle();
    expect(connectPagedList(failing.getSnapshot())).toMatchObject({ isFailed: true, empty: undefined });
  });

  it('a change heard while the first page loads asks again: the rows are the later answer', async () => {
    const actor = list([{ items: [{ Id: 1 }], total: 1 }, { items: [{ Id: 2 }, { Id: 1 }], total: 2 }]);
    actor.send({ type: 'LIST.REFRESH' });
    await settle();
    expect(connectPagedList(actor.getSnapshot())).toMatchObject({ items: [{ Id: 2 }, { Id: 1 }], isLoading: false });
  });

  it('after rows pushed away, asks again the page the next rows slid up onto, and shows each row once', async () => {
    // Five rows, two a page. Row 5 is closed elsewhere: 3 slides up onto page 1, which is asked again.
    const server = [[5, 4, 3, 2, 1], [4, 3, 2, 1]];
    const asked: number[] = [];
    const actor = started(pagedList<{ Id: number }>().provide({
      actors: {
        loadPage: fromPromise(async ({ input }: { input: { page: number } }) => {
          asked.push(input.page);
          const rows = server[asked.length > 1 ? 1 : 0]!;
          return { items: rows.slice((input.page - 1) * 2, input.page * 2).map((Id) => ({ Id })), total: rows.length };
        }),
      },
    }));
    await settle();
    actor.send({ type: 'ITEM.REMOVE', id: 5 });
    for (let i = 0; i < 3; i++) {
      actor.send({ type: 'LIST.MORE' });
      await settle();
    }
    expect(asked).toEqual([1, 1, 2]);
    expect(connectPagedList(actor.getSnapshot())).toMatchObject({ items: [4, 3, 2, 1].map((Id) => ({ Id })), isFinished: true });
  });

  it('rows pushed away leave the view', async () => {
    const actor = list([{ items: [{ Id: 1 }, { Id: 2 }], total: 2 }]);
    await settle();
    actor.send({ type: 'ITEM.REMOVE', id: 1 });
    expect(connectPagedList(actor.getSnapshot()).items).toEqual([{ Id: 2 }]);
  });
});

const settings = (mode: RegisterMode, areas: Area[] = []) => fromPromise<{ mode: RegisterMode; areas: Area[] }>(async () => ({ mode, areas }));

describe('account form views', () => {
  it('login: the fields as typed, the first problem, busy once sent', () => {
    const actor = started(loginMachine.provide({ actors: { login: fromPromise(() => new Promise<Session>(() => {})) } }));
    actor.send({ type: 'FIELD.CHANGE', field: 'account', value: 'nope' });
    actor.send({ type: 'LOGIN.SUBMIT' });
    expect(connectLogin(actor.getSnapshot())).toEqual({
      fields: { account: 'nope', password: '', area_id: '', mobile: '' }, loginType: 'email', offersMobile: false, areas: [], problem: 'email_invalid', isBusy: false,
    });
    actor.send({ type: 'FIELD.CHANGE', field: 'account', value: 'a@b.co' });
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'secret1' });
    actor.send({ type: 'LOGIN.SUBMIT' });
    expect(connectLogin(actor.getSnapshot())).toMatchObject({ problem: undefined, isBusy: true });
  });

  it('register: loading, then the form of the settings (phone fields, captcha)', async () => {
    const phone = started(registerMachine.provide({ actors: { loadSettings: settings(1, [{ id: 1, code: 'HK', global_code: '852' }]) } }), {});
    expect(connectRegister(phone.getSnapshot()).phase).toBe('loading');
    await settle();
    const view = connectRegister(phone.getSnapshot());
    expect(view).toMatchObject({ phase: 'ready', showsPhoneFields: true, usesCaptcha: false, captchaImage: undefined, isSubmitting: false });
    expect(view.areas).toHaveLength(1);
    expect(view.countdown).toBeDefined();
    expect(connectCountdown(view.countdown?.getSnapshot()).canSend).toBe(true);

    const captcha = started(registerMachine.provide({
      actors: {
        loadSettings: settings(2),
        loadCaptcha: fromPromise(async () => ({ id: 'c1', b64s: 'data:image/png;base64,AA' })),
      },
    }), {});
    await settle();
    expect(connectRegister(captcha.getSnapshot())).toMatchObject({ showsPhoneFields: false, usesCaptcha: true, captchaImage: 'data:image/png;base64,AA' });
  });

  it('register: settings that failed say so', async () => {
    const actor = started(registerMachine.provide({ actors: { loadSettings: fromPromise<{ mode: RegisterMode; areas: Area[] }>(async () => { throw new Error('down'); }) } }), {});
    await settle();
    expect(connectRegister(actor.getSnapshot()).phase).toBe('failed');
  });

  it('password reset: the pair problem, then submitting', () => {
    const actor = started(passwordResetMachine.provide({ actors: { resetPassword: fromPromise(() => new Promise<void>(() => {})) } }), { mode: 'change', account: 'a@b.co' });
    actor.send({ type: 'FIELD.CHANGE', field: 'new_password', value: 'secret1' });
    actor.send({ type: 'RESET.SUBMIT' });
    let view = connectPasswordReset(actor.getSnapshot());
    expect(view).toMatchObject({ problem: 'input_full', isSubmitting: false, fields: { account: 'a@b.co', new_password: 'secret1' } });
    expect(view.countdown).toBeDefined();
    actor.send({ type: 'FIELD.CHANGE', field: 'secondary_password', value: 'secret1' });
    actor.send({ type: 'RESET.SUBMIT' });
    view = connectPasswordReset(actor.getSnapshot());
    expect(view).toMatchObject({ problem: undefined, isSubmitting: true });
  });

  it('countdown: send, count down the seconds, send again', async () => {
    const clock = new SimulatedClock();
    let answer: (() => void) | undefined;
    const actor = started(countdownMachine.provide({ actors: { sendCode: fromPromise(() => new Promise<void>((resolve) => (answer = resolve))) } }), { purpose: 1, seconds: 3 }, clock);
    expect(connectCountdown(actor.getSnapshot())).toEqual({ remaining: 0, isSending: false, canSend: true });
    actor.send({ type: 'COUNTDOWN.SEND', to: 'a@b.co' });
    expect(connectCountdown(actor.getSnapshot())).toEqual({ remaining: 0, isSending: true, canSend: false });
    answer!();
    await settle();
    expect(connectCountdown(actor.getSnapshot())).toEqual({ remaining: 3, isSending: false, canSend: false });
    clock.increment(1000);
    expect(connectCountdown(actor.getSnapshot()).remaining).toBe(2);
    clock.increment(1000);
    clock.increment(1000);
    expect(connectCountdown(actor.getSnapshot())).toEqual({ remaining: 0, isSending: false, canSend: true });
  });
});

describe('session view', () => {
  it('a visitor, a real account, a demo account', () => {
    const visitor = started(sessionMachine, {});
    expect(connectSession(visitor.getSnapshot())).toEqual({ isSignedIn: false, isDemo: false, access: 'out', token: undefined, email: '', phone: undefined, returnTo: undefined });
    const real = started(sessionMachine, { session });
    expect(connectSession(real.getSnapshot())).toMatchObject({ isSignedIn: true, isDemo: false, access: 'real', token: 't1', email: 'a@b.co' });
    const demo = started(sessionMachine, { session: { ...session, is_demo: 1, email: '', token: 't2' } });
    expect(connectSession(demo.getSnapshot())).toMatchObject({ isSignedIn: true, isDemo: true, access: 'demo', token: 't2' });
  });

  it('an expired session remembers where to return', () => {
    const actor = started(sessionMachine, { session });
    actor.send({ type: 'SESSION.EXPIRE', from: '/order?type=0' });
    expect(connectSession(actor.getSnapshot())).toMatchObject({ access: 'out', token: undefined, returnTo: '/order?type=0' });
  });

  it('ended in another tab, a 999 of a call made since sends to the login screen; after a logout here it does not', async () => {
    const elsewhere = started(sessionMachine, { session });
    const expired: string[] = [];
    elsewhere.on('expired', ({ from }) => expired.push(from));
    elsewhere.send({ type: 'SESSION.ENDED' });
    expect(expired).toEqual([]);
    elsewhere.send({ type: 'SESSION.EXPIRE', from: '/trade' });
    expect(expired).toEqual(['/trade']);
    expect(connectSession(elsewhere.getSnapshot())).toMatchObject({ access: 'out', returnTo: '/trade' });

    const here = started(sessionMachine.provide({ actors: { logoutRequest: fromPromise(async () => {}) } }), { session });
    here.on('expired', ({ from }) => expired.push(from));
    here.send({ type: 'SESSION.LOGOUT' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(here.getSnapshot().matches('loggedOut')).toBe(true);
    here.send({ type: 'SESSION.EXPIRE', from: '/order' });
    expect(expired).toEqual(['/trade']);
  });
});

describe('socket view', () => {
  it('stale until live; the banner only after a connection was lost', () => {
    const clock = new SimulatedClock();
    let connection: AnyActorRef | undefined;
    const actor = started(socketMachine.provide({ actors: { connection: fromCallback(({ self }) => void (connection = self)) } }), {}, clock);
    expect(connectSocket(actor.getSnapshot())).toEqual({ isLive: false, isStale: true, isQuiet: false, isLagging: false, isReconnecting: false });
    actor.send({ type: 'SOCKET.START' });
    expect(connectSocket(actor.getSnapshot())).toEqual({ isLive: false, isStale: true, isQuiet: false, isLagging: false, isReconnecting: false });
    actor.send({ type: 'SOCKET.OPENED' });
    expect(connectSocket(actor.getSnapshot())).toEqual({ isLive: true, isStale: false, isQuiet: false, isLagging: false, isReconnecting: false });
    expect(connection).toBeDefined();
    actor.send({ type: 'SOCKET.CLOSED' });
    expect(connectSocket(actor.getSnapshot())).toEqual({ isLive: false, isStale: true, isQuiet: false, isLagging: false, isReconnecting: true });
    actor.send({ type: 'NETWORK.ONLINE' });
    // Connecting again after a loss: still the banner.
    expect(connectSocket(actor.getSnapshot())).toEqual({ isLive: false, isStale: true, isQuiet: false, isLagging: false, isReconnecting: true });
  });
});

describe('socket reconnection', () => {
  it('tries again within a connect\'s timeout however long the server was away', () => {
    const clock = new SimulatedClock();
    const actor = started(socketMachine.provide({ actors: { connection: fromCallback(() => undefined) } }), {}, clock);
    actor.send({ type: 'SOCKET.START' });
    for (let failures = 0; failures < 12; failures++) {
      actor.send({ type: 'SOCKET.CLOSED' });
      expect(actor.getSnapshot().value).toBe('reconnecting');
      clock.increment(CONNECT_TIMEOUT_MS);
      expect(actor.getSnapshot().value, `after ${failures + 1} failures`).toEqual({ connected: 'connecting' });
    }
  });
});

describe('socket view: quotes that stop', () => {
  const live = () => {
    const clock = new SimulatedClock();
    const actor = started(socketMachine.provide({ actors: { connection: fromCallback(() => () => {}) } }), {}, clock);
    actor.send({ type: 'SOCKET.START' });
    actor.send({ type: 'SOCKET.OPENED' });
    /** Heartbeats whose pings are answered at once. */
    const beats = (n: number) => {
      for (let i = 0; i < n; i += 1) {
        clock.increment(HEARTBEAT_MS - PONG_LATE_MS);
        actor.send({ type: 'SOCKET.PONG' });
        clock.increment(PONG_LATE_MS);
      }
    };
    return { actor, beats, view: () => connectSocket(actor.getSnapshot()) };
  };

  it('pings answered but no quote for QUIET_BEATS heartbeats while a product is open: quiet and stale, not reconnecting', () => {
    const { actor, beats, view } = live();
    actor.send({ type: 'MARKET.EXPECTED', open: true });
    beats(1);
    actor.send({ type: 'SOCKET.QUOTE' });
    beats(QUIET_BEATS - 1);
    expect(view()).toMatchObject({ isLive: true, isQuiet: false, isStale: false });
    beats(1);
    expect(view()).toEqual({ isLive: true, isStale: true, isQuiet: true, isLagging: false, isReconnecting: false });
    beats(3);
    expect(view().isQuiet).toBe(true);
    actor.send({ type: 'SOCKET.QUOTE' });
    expect(view()).toMatchObject({ isQuiet: false, isStale: false });
    beats(QUIET_BEATS - 1);
    expect(view().isQuiet).toBe(false);
  });

  it('every product closed: silence is expected, and a quiet socket is live again when the market closes', () => {
    const { actor, beats, view } = live();
    beats(QUIET_BEATS * 3);
    expect(view().isQuiet).toBe(false);
    actor.send({ type: 'MARKET.EXPECTED', open: true });
    expect(view().isQuiet).toBe(true);
    actor.send({ type: 'MARKET.EXPECTED', open: false });
    expect(view()).toMatchObject({ isQuiet: false, isStale: false });
  });

  it('a reconnect starts the count again', () => {
    const { actor, beats, view } = live();
    actor.send({ type: 'MARKET.EXPECTED', open: true });
    beats(QUIET_BEATS - 1);
    actor.send({ type: 'SOCKET.CLOSED' });
    actor.send({ type: 'NETWORK.ONLINE' });
    actor.send({ type: 'SOCKET.OPENED' });
    beats(QUIET_BEATS - 1);
    expect(view()).toMatchObject({ isLive: true, isQuiet: false });
    beats(1);
    expect(view().isQuiet).toBe(true);
  });
});

describe('socket view: a connection that lags', () => {
  const live = () => {
    const clock = new SimulatedClock();
    const sent: string[] = [];
    const connection = fromCallback(({ receive }) => receive((c) => void sent.push((c as unknown as { text: string }).text)));
    const actor = started(socketMachine.provide({ actors: { connection } }), {}, clock);
    actor.send({ type: 'SOCKET.START' });
    actor.send({ type: 'SOCKET.OPENED' });
    const pings = () => sent.filter((t) => t === 'ping').length;
    return { actor, clock, pings, view: () => connectSocket(actor.getSnapshot()) };
  };

  it('pongs that come back 8 s after their pings: lagging and stale, not reconnecting, until one comes back in time', () => {
    const { actor, clock, pings, view } = live();
    const pongsDue: number[] = [];
    let now = 0;
    const step = (ms: number) => {
      now += ms;
      clock.increment(ms);
      while (pongsDue.length && pongsDue[0]! <= now) {
        pongsDue.shift();
        actor.send({ type: 'SOCKET.PONG' });
      }
    };
    let sentPings = 0;
    // 40 s in steps of 100 ms, each ping answered 8 s after it went.
    for (let t = 0; t < 40_000; t += 100) {
      step(100);
      if (pings() > sentPings) {
        sentPings = pings();
        pongsDue.push(now + 8000);
      }
    }
    expect(sentPings).toBe(8);
    expect(view()).toEqual({ isLive: true, isStale: true, isQuiet: false, isLagging: true, isReconnecting: false });
    // The delay goes: the next ping is answered at once.
    clock.increment(HEARTBEAT_MS);
    expect(pings()).toBe(9);
    for (const _ of pongsDue) actor.send({ type: 'SOCKET.PONG' });
    expect(view().isLagging).toBe(true);
    actor.send({ type: 'SOCKET.PONG' });
    expect(view()).toMatchObject({ isLive: true, isStale: false, isLagging: false });
  });

  it('a pong later than PONG_LATE_MS marks the lag; one late pong does not clear it', () => {
    const { actor, clock, view } = live();
    clock.increment(HEARTBEAT_MS - PONG_LATE_MS);
    clock.increment(PONG_LATE_MS - 1);
    expect(view().isLagging).toBe(false);
    clock.increment(1);
    expect(view().isLagging).toBe(true);
    actor.send({ type: 'SOCKET.PONG' });
    expect(view().isLagging).toBe(true);
    clock.increment(HEARTBEAT_MS - PONG_LATE_MS);
    actor.send({ type: 'SOCKET.PONG' });
    expect(view()).toMatchObject({ isLagging: false, isStale: false });
  });

  it(`more than ${MAX_MISSED_PINGS} pings unanswered: reconnecting`, () => {
    const { clock, view } = live();
    const wait = (ms: number) => {
      for (let t = 0; t < ms; t += 100) clock.increment(100);
    };
    wait(HEARTBEAT_MS * (MAX_MISSED_PINGS + 1));
    expect(view()).toMatchObject({ isLive: true, isLagging: true });
    wait(HEARTBEAT_MS);
    expect(view()).toMatchObject({ isLive: false, isReconnecting: true, isLagging: false });
  });
});

describe('chart view', () => {
  const candle = (Time: number): Candle => ({ Time, Open: 1, High: 2, Low: 0.5, Close: 1.5, Volume: 1, Period: '15min' });

  it('loading until a product is chosen and its candles are here; the newest is the live one', async () => {
    const actor = started(chartMachine.provide({ actors: { loadCandles: fromPromise(async () => [candle(0), candle(900_000)]) } }), { period: '15min' });
    expect(connectChart(actor.getSnapshot())).toMatchObject({ phase: 'loading', history: [], live: undefined });
    actor.send({ type: 'PRODUCT.SELECT', productId: 1, code: 'EURUSD' });
    await settle();
    expect(connectChart(actor.getSnapshot())).toEqual({
      phase: 'ready', period: '15min', history: [candle(0)], live: candle(900_000), canLoadMore: false,
    });
  });

  it('a failed load offers a retry', async () => {
    const actor = started(chartMachine.provide({ actors: { loadCandles: fromPromise<Candle[], { productId: number; period: Period }>(async () => { throw new Error('down'); }) } }), {});
    actor.send({ type: 'PRODUCT.SELECT', productId: 1, code: 'EURUSD' });
    await settle();
    expect(connectChart(actor.getSnapshot()).phase).toBe('failed');
  });

  it('the same product again keeps the candles (no reload)', async () => {
    let loads = 0;
    const actor = started(chartMachine.provide({ actors: { loadCandles: fromPromise(async () => (loads++, [candle(0)])) } }), {});
    actor.send({ type: 'PRODUCT.SELECT', productId: 1, code: 'EURUSD' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'PRODUCT.SELECT', productId: 1, code: 'EURUSD' });
    await settle();
    expect(loads).toBe(1);
    expect(connectChart(actor.getSnapshot()).phase).toBe('ready');
  });
});

describe('product list view', () => {
  const list = () => started(productListMachine.provide({
    actors: { loadList: fromPromise(async () => ({ categories: [{ Id: 2, NameShowTrans: 'Metals' }], products: [product(), product({ Id: 2, CategoryId: 2 })] })) },
  }));

  it('asks for nothing until wanted, then shows the chosen chip', async () => {
    const actor = list();
    expect(connectProductList(actor.getSnapshot())).toMatchObject({ phase: 'loading', products: [] });
    await settle();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'LIST.REFRESH' });
    await settle();
    expect(connectProductList(actor.getSnapshot()).visible.map((p) => p.Id)).toEqual([1, 2]);
    actor.send({ type: 'CATEGORY.SELECT', id: 2 });
    expect(connectProductList(actor.getSnapshot())).toMatchObject({ phase: 'ready', categoryId: 2 });
    expect(connectProductList(actor.getSnapshot()).visible.map((p) => p.Id)).toEqual([2]);
  });

  it('refreshes once more after a refresh asked while one runs (markets closing at one moment), not once per ask', async () => {
    const answers = [[product()], [product()], [product({ MarketStatus: 2 })]];
    let call = 0;
    const actor = started(productListMachine.provide({
      actors: { loadList: fromPromise(async () => ({ categories: [] as { Id: number; NameShowTrans: string }[], products: answers[call++]! })) },
    }));
    actor.send({ type: 'LIST.REFRESH' });
    await settle();
    actor.send({ type: 'LIST.REFRESH' });
    for (let i = 0; i < 5; i++) actor.send({ type: 'LIST.REFRESH' });
    await settle();
    await settle();
    expect(call).toBe(3);
    expect(connectProductList(actor.getSnapshot()).products.map((p) => p.MarketStatus)).toEqual([2]);
  });

  it('/trade shows the chosen product, else the first', () => {
    const products = [product(), product({ Id: 2 })];
    expect(chosenProduct(products, 2)?.Id).toBe(2);
    expect(chosenProduct(products, 9)?.Id).toBe(1);
    expect(chosenProduct([], 1)).toBeUndefined();
  });
});
