import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { ORDER_STATUS, type ForexDetail, type Order } from '../../contract/trading';
import { isMarketOpen, type Product } from '../../contract/market';
import { dec, money6 } from '../../domain/decimal';
import { lotsRefusal, stepLots } from '../../domain/lots';
import { margin, tradeFee } from '../../domain/margin';
import { openingPrice } from '../../domain/pnl';
import type { Quote, Side } from '../../domain/types';
import { decimalInput, isDecimal, priceInput } from '../shared/decimal-input';
import { usdConversionFor } from '../../domain/usd';
import { unanswered } from '../shared/unanswered';

/**
 * The order form under the chart: side, market or pending, lots by the product's step, leverage,
 * SL/TP toggles, a live margin and fee preview (the server's own domain rules), and submit.
 */
export type TicketMode = 'market' | 'pending';

export interface TicketFields {
  side: Side;
  mode: TicketMode;
  lots: string;
  leverage: number | undefined;
  price: string;
  slOn: boolean;
  sl: string;
  tpOn: boolean;
  tp: string;
}

/** Why the form cannot be sent; keys of the client catalogue. */
export type TicketProblem =
  | 'market_closed' | 'lots_required' | 'lots_invalid' | 'lots_below_min' | 'lots_above_max' | 'lots_off_step'
  | 'price_required' | 'no_leverage' | 'stop_invalid' | 'answer_lost';


export type TicketAccount = ForexDetail & { feeType: number };

export interface TicketContext {
  product: Product | undefined;
  fields: TicketFields;
  problem: TicketProblem | undefined;
  /** Free balance and fee rule of the signed-in trader; null when nobody is signed in. */
  account: TicketAccount | null | undefined;
  /**
   * The `client_order_id` of the order being sent, made when the trader confirms. It stays while the
   * same form is sent again after a failed call (the server may have booked it; the same id then
   * returns that order instead of a second one) and goes with an order placed or any change.
   */
  clientOrderId: string | undefined;
  placed: Order | undefined;
}

export type TicketEvent =
  | { type: 'PRODUCT.SET'; product: Product }
  | { type: 'SIDE.SELECT'; side: Side }
  | { type: 'MODE.SELECT'; mode: TicketMode }
  | { type: 'LOTS.CHANGE'; value: string }
  | { type: 'LOTS.INCREMENT' }
  | { type: 'LOTS.DECREMENT' }
  | { type: 'LEVERAGE.SELECT'; value: number }
  | { type: 'PRICE.CHANGE'; value: string }
  | { type: 'SL.TOGGLE' }
  | { type: 'SL.CHANGE'; value: string }
  | { type: 'TP.TOGGLE' }
  | { type: 'TP.CHANGE'; value: string }
  /** From the SELL or BUY button: the side is the button's (absent: the side chosen before). */
  | { type: 'ORDER.SUBMIT'; side?: Side }
  | { type: 'POPUP.CLOSE' }
  | { type: 'ACCOUNT.RELOAD' };

export interface SubmitRequest {
  type: Side;
  cont: number;
  forex_id: number;
  status: 0 | 1;
  target_price: number;
  stop_loss_price: number;
  target_profit_price: number;
  multiple: number;
  client_order_id: string;
}

/** What is wrong with the form, if anything (the server checks all of it again). */
export function ticketProblem(product: Product, f: TicketFields): TicketProblem | undefined {
  if (f.lots.trim() === '') return 'lots_required';
  const lots = lotsProblem(product, f.lots);
  if (lots) return lots;
  if (f.mode === 'pending' && (!isDecimal(f.price) || !dec(f.price).gt(0))) return 'price_required';
  // A level switched on is a price: 0 would be sent as none, and a sign or text is no price.
  const price = (text: string) => isDecimal(text) && Number(text) > 0;
  if ((f.slOn && !price(f.sl)) || (f.tpOn && !price(f.tp))) return 'stop_invalid';
  return undefined;
}

/**
 * What is wrong with the lots as typed, by the product's rules, named as the server names it with
 * the product's limit (the view carries its figures); nothing while the field is empty. The ticket
 * says it as the trader types, before any price or balance.
 */
export function lotsProblem(product: Product, lots: string): TicketProblem | undefined {
  if (lots.trim() === '') return undefined;
  if (!isDecimal(lots)) return 'lots_invalid';
  const refusal = lotsRefusal(lots, { min: product.ForexMinCont, max: product.ForexMaxCont, step: product.Pip });
  if (refusal) return refusal === 'above_max' ? 'lots_above_max' : refusal === 'off_step' ? 'lots_off_step' : 'lots_below_min';
  return undefined;
}

export function submitRequest(product: Product, f: TicketFields, clientOrderId: string): SubmitRequest {
  return {
    type: f.side,
    cont: Number(f.lots),
    forex_id: product.Id,
    // A market order opens at once; a pending one waits for its price.
    status: f.mode === 'market' ? ORDER_STATUS.open : ORDER_STATUS.pending,
    target_price: f.mode === 'pending' ? Number(f.price) : 0,
    // Off means 0, as the server reads it.
    stop_loss_price: f.slOn ? Number(f.sl) : 0,
    target_profit_price: f.tpOn ? Number(f.tp) : 0,
    multiple: f.leverage ?? 0,
    client_order_id: clientOrderId,
  };
}

export interface TicketPreview {
  margin: string;
  fee: string;
  /** The free balance once margin and fee are taken; undefined when not signed in. */
  availableAfter: string | undefined;
}

/**
 * Margin and fee of the order as the form stands, at the live quote, with the domain's rules.
 * `priceOf` gives other products' prices for cross-currency conversion. Undefined when the form
 * cannot be priced yet.
 */
export function ticketPreview(context: TicketContext, quote: Quote | undefined, priceOf: (code: string) => number | undefined): TicketPreview | undefined {
  const { product, fields: f, account } = context;
  if (!product || !quote || f.leverage === undefined || !isDecimal(f.lots) || !dec(f.lots).gt(0)) return undefined;
  if (f.mode === 'pending' && !isDecimal(f.price)) return undefined;
  const openPrice = f.mode === 'market' ? openingPrice(f.side, quote) : dec(f.price);
  const conversion = usdConversionFor(product.Code, openPrice, priceOf, product.QuoteCurrency) ?? { kind: 'usd' as const };
  const m = margin({ marginMode: product.MarginMode, lots: f.lots, contractSize: product.ForexContNum, openPrice, leverage: f.leverage, conversion });
  const fee = tradeFee({ feeType: account?.feeType ?? 1, lots: f.lots, rate: product.ForexFeeRate, margin: m });
  return {
    margin: money6(m),
    fee: money6(fee),
    availableAfter: account ? money6(dec(account.available).minus(m).minus(fee)) : undefined,
  };
}

const fieldsFor = (product: Product | undefined, side: Side = 1): TicketFields => ({
  side,
  mode: 'market',
  lots: product ? String(product.ForexMinCont) : '',
  leverage: product?.HasForexMultiple[0]?.Value,
  price: product ? String(product.ForexQuotations.Close) : '',
  slOn: false,
  sl: '',
  tpOn: false,
  tp: '',
});

/**
 * The same product read again keeps the form, but not a leverage staff took away meanwhile: the form
 * moves to the first one still offered (none when none is), so the preview and the order use it.
 */
function withLeverageOffered(fields: TicketFields, product: Product): TicketFields {
  const offered = product.HasForexMultiple.map((m) => m.Value);
  if (fields.leverage !== undefined && offered.includes(fields.leverage)) return fields;
  return fields.leverage === offered[0] ? fields : { ...fields, leverage: offered[0] };
}

/** The form after an edit event. */
function edited(context: TicketContext, event: TicketEvent): TicketFields {
  const f = context.fields;
  const digits = context.product?.PricePrecision;
  switch (event.type) {
    case 'SIDE.SELECT': return { ...f, side: event.side };
    case 'MODE.SELECT': return { ...f, mode: event.mode };
    case 'LOTS.CHANGE': return { ...f, lots: decimalInput(event.value) };
    case 'LOTS.INCREMENT': return { ...f, lots: stepUp(context) ?? f.lots };
    case 'LOTS.DECREMENT': return { ...f, lots: step(context, -1) ?? f.lots };
    case 'LEVERAGE.SELECT': return { ...f, leverage: event.value };
    case 'PRICE.CHANGE': return { ...f, price: priceInput(event.value, digits) };
    case 'SL.TOGGLE': return { ...f, slOn: !f.slOn };
    case 'SL.CHANGE': return { ...f, sl: priceInput(event.value, digits) };
    case 'TP.TOGGLE': return { ...f, tpOn: !f.tpOn };
    case 'TP.CHANGE': return { ...f, tp: priceInput(event.value, digits) };
    default: return f;
  }
}

export const orderTicketMachine = setup({
  types: {
    context: {} as TicketContext,
    events: {} as TicketEvent,
    input: {} as { product?: Product },
  },
  actors: {
    loadAccount: fromPromise<TicketAccount | null>(async () => {
      throw new Error('loadAccount not provided');
    }),
    submit: fromPromise<Order, SubmitRequest>(async () => {
      throw new Error('submit not provided');
    }),
    /** Sends PRODUCT.SET whenever the app's chosen product changes (provided by the app). */
    chosenProduct: fromCallback<TicketEvent>(() => () => {}),
    /** Sends ACCOUNT.RELOAD when the account's money changed, here or elsewhere (provided by the app). */
    accountChanges: fromCallback<TicketEvent>(() => () => {}),
  },
  actions: {
    /** Not signed in: off to the login screen, back here after (provided by the app). */
    requireLogin: () => {},
    /** An order was placed: whoever shows positions refreshes them (provided by the app). */
    orderPlaced: () => {},
    // A changed form is a new order; an unchanged one sent again (after a lost answer) is the same.
    edit: assign(({ context, event }) => ({ fields: edited(context, event), problem: undefined, clientOrderId: undefined })),
    // The same product again (fresh quotation or status) keeps what the trader typed; another is another order.
    setProduct: assign(({ context }, params: { product: Product }) => {
      const same = context.product?.Id === params.product.Id;
      return {
        fields: same ? withLeverageOffered(context.fields, params.product) : fieldsFor(params.product, context.fields.side),
        product: params.product,
        problem: same ? context.problem : undefined,
        clientOrderId: same ? context.clientOrderId : undefined,
      };
    }),
    /** The button pressed decides the side; another side is another order, with a new id. */
    chooseSide: assign(({ context, event }) => {
      if (event.type !== 'ORDER.SUBMIT' || event.side === undefined || event.side === context.fields.side) return {};
      return { fields: { ...context.fields, side: event.side }, clientOrderId: undefined };
    }),
    /** The server keeps one order per id: a retry of the same form reuses it, a new form gets a new one. */
    mintClientOrderId: assign({ clientOrderId: ({ context }) => context.clientOrderId ?? crypto.randomUUID() }),
  },
  guards: {
    signedOut: ({ context }) => context.account === null,
    marketClosed: ({ context }) => context.fields.mode === 'market' && !(context.product && isMarketOpen(context.product)),
    noLeverage: ({ context }) => (context.product?.HasForexMultiple.length ?? 0) === 0,
    invalid: ({ context }) => !context.product || ticketProblem(context.product, context.fields) !== undefined,
    // Another product, or the same one with a fresh quotation or status.
    newProduct: ({ context }, params: { product: Product }) => context.product !== params.product,
    canStepDown: ({ context }) => canDecrement(context),
  },
}).createMachine({
  id: 'orderTicket',
  context: ({ input }) => ({
    product: input.product, fields: fieldsFor(input.product), problem: undefined, account: undefined,
    clientOrderId: undefined, placed: undefined,
  }),
  invoke: [{ id: 'chosenProduct', src: 'chosenProduct' }, { id: 'accountChanges', src: 'accountChanges' }],
  initial: 'loading',
  on: {
    'PRODUCT.SET': {
      guard: { type: 'newProduct', params: ({ event }) => ({ product: event.product }) },
      actions: { type: 'setProduct', params: ({ event }) => ({ product: event.product }) },
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: { target: 'editing', actions: assign({ account: ({ event }) => event.output }) },
        // Offline: the form works, the preview shows no balance, the server decides on submit.
        onError: 'editing',
      },
    },
    editing: {
      // The account read again while the trader types: the form keeps taking every edit.
      initial: 'ready',
      states: {
        ready: { on: { 'ACCOUNT.RELOAD': 'reloading' } },
        reloading: {
          on: { 'ACCOUNT.RELOAD': { target: 'reloading', reenter: true } },
          invoke: {
            id: 'reloadAccount',
            src: 'loadAccount',
            onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output }) },
            onError: 'ready',
          },
        },
      },
      on: {
        'SIDE.SELECT': { actions: 'edit' },
        'MODE.SELECT': { actions: 'edit' },
        'LOTS.CHANGE': { actions: 'edit' },
        'LOTS.INCREMENT': { actions: 'edit' },
        'LOTS.DECREMENT': { guard: 'canStepDown', actions: 'edit' },
        'LEVERAGE.SELECT': { actions: 'edit' },
        'PRICE.CHANGE': { actions: 'edit' },
        'SL.TOGGLE': { actions: 'edit' },
        'SL.CHANGE': { actions: 'edit' },
        'TP.TOGGLE': { actions: 'edit' },
        'TP.CHANGE': { actions: 'edit' },
        'ORDER.SUBMIT': [
          { guard: 'signedOut', actions: 'requireLogin' },
          { guard: 'marketClosed', actions: assign({ problem: 'market_closed' as const }) },
          { guard: 'noLeverage', actions: assign({ problem: 'no_leverage' as const }) },
          { guard: 'invalid', actions: assign({ problem: ({ context }) => context.product ? ticketProblem(context.product, context.fields) : 'lots_required' }) },
          { target: 'submitting', actions: 'chooseSide' },
        ],
      },
    },
    submitting: {
      entry: 'mintClientOrderId',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => submitRequest(context.product!, context.fields, context.clientOrderId!),
        // Placed: any doubt from a lost answer before is settled.
        onDone: { target: 'placed', actions: [assign({ placed: ({ event }) => event.output, clientOrderId: undefined, problem: undefined }), 'orderPlaced'] },
        // The server's message is shown by the API client; the id stays for a retry of this form,
        // and a lost answer says so, since the order may stand.
        onError: { target: 'editing', actions: assign({ problem: ({ event }) => (unanswered(event.error) ? 'answer_lost' as const : undefined) }) },
      },
    },
    placed: {
      on: { 'POPUP.CLOSE': { target: 'loading', actions: assign({ placed: undefined }) } },
    },
  },
});

/** The minus control is disabled when one step down would reach 0 or less, and with no lots to lower. */
export const canDecrement = (context: TicketContext) => isDecimal(context.fields.lots) && step(context, -1) !== undefined;

/** The plus control is disabled when one step up would pass the product's largest order. */
export const canIncrement = (context: TicketContext) => stepUp(context) !== undefined;

/** One step up, unless it passes the product's largest order. */
function stepUp(context: TicketContext): string | undefined {
  const next = step(context, 1);
  return next !== undefined && dec(next).lte(context.product!.ForexMaxCont) ? next : undefined;
}

function step(context: TicketContext, direction: 1 | -1): string | undefined {
  const { product, fields } = context;
  if (!product || !isDecimal(fields.lots)) return product ? String(product.ForexMinCont) : undefined;
  return stepLots(fields.lots, product.Pip, direction)?.toString();
}
