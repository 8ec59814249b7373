import type { SnapshotFrom } from 'xstate';
import { ORDER_STATUS, ORDER_TAB, type Order } from '../../contract/trading';
import { isMarketOpen } from '../../contract/market';
import { dec } from '../../domain/decimal';
import { pendingType, type PendingType } from '../../domain/orders';
import { BUY, SELL, type Side } from '../../domain/types';
import { pendingKindOf } from './pending-kind';
import { canDecrement, canIncrement, lotsProblem, ticketPreview, type TicketContext, type TicketFields, type TicketPreview, type TicketProblem, type orderTicketMachine } from './order-ticket';
import { isDecimal } from '../shared/decimal-input';

/** The live prices the preview is made at. The ask is unknown until the first tick arrives. */
export interface TicketMarket {
  quote: { bid: number; ask?: number | undefined } | undefined;
  /** Other products' prices, for cross-currency conversion. */
  priceOf: (code: string) => number | undefined;
  /**
   * Whether prices arrive. While the connection is down the buttons wait, as its banner says,
   * rather than send an order at a price frozen on screen that the server cannot be asked about.
   */
  live: boolean;
  /**
   * Whether the prices on screen are current: connected, and neither late nor stopped (the banner
   * says which). A market order fills at the market's price, not the one on its button, so it waits
   * for current prices; a pending order's price is the trader's own, so it needs the connection only.
   */
  fresh: boolean;
}

/** Why one side's button is off, besides a closed market or a submit on its way. */
export type ActionBlock = 'insufficient_margin' | undefined;

/** One of the two large buttons: SELL at the bid, BUY at the ask (a pending order at its own price). */
export interface TicketAction {
  side: Side;
  /** The price on the button, and the one its preview is made at; undefined while unknown. */
  price: number | undefined;
  /** This side's live price (the bid to sell, the ask to buy): a pending button shows it beside the price typed. */
  market: number | undefined;
  /** A pending order's kind at the price typed (buy limit, sell stop...); undefined for a market order. */
  kind: PendingType | undefined;
  /** Margin, fee and the balance left, at this button's price. */
  preview: TicketPreview | undefined;
  /** The free balance after this order would be below zero. */
  block: ActionBlock;
  canSubmit: boolean;
}

export interface TicketView {
  fields: TicketFields;
  canDecrement: boolean;
  canIncrement: boolean;
  /** The preview of the side last chosen (buy until a sell is sent). */
  preview: TicketPreview | undefined;
  /** SELL first, BUY second, as the buttons stand. */
  actions: [TicketAction, TicketAction];
  /** Ask minus bid in points (units of the last price digit); undefined until the ask is known. */
  spread: number | undefined;
  /** Signed in: the free balance is shown. */
  showsAvailable: boolean;
  /** The free balance once this order is taken, or as it stands when the form cannot be priced. */
  available: string | number | undefined;
  /** Leverage values to choose from; none means the product cannot be traded. */
  leverages: number[];
  /** Lots against the product's rules as they are typed, else what the last submit met. */
  problem: TicketProblem | undefined;
  /** The product's lot limits, which the lots problems name. */
  problemValues: { min: number; max: number; step: number } | undefined;
  isSubmitting: boolean;
  /** A market order while the market is closed: the buttons say so and do nothing. */
  isMarketClosed: boolean;
  canSubmit: boolean;
  submitLabel: 'market.closed' | 'ticket.submitBuy' | 'ticket.submitSell';
  /** The order just placed: the success popup shows while it is set. */
  placed: Order | undefined;
  /** Its kind when it waits at a price (buy limit, sell stop...), as the lists name it. */
  placedKind: PendingType | undefined;
  /** Where "View orders" leads from the popup: the tab that lists the order just placed. */
  placedTab: (typeof ORDER_TAB)[keyof typeof ORDER_TAB];
}

/** Both sides of the quote; the bid stands for the ask until the first tick brings it. */
const twoSided = ({ quote }: TicketMarket) => quote && { bid: quote.bid, ask: quote.ask ?? quote.bid };

function action(c: TicketContext, side: Side, market: TicketMarket, open: boolean, lotsBroken: boolean): TicketAction {
  const f = c.fields;
  const bid = market.quote?.bid;
  const ask = market.quote?.ask;
  const pendingPrice = isDecimal(f.price) && dec(f.price).gt(0) ? Number(f.price) : undefined;
  const price = f.mode === 'pending' ? pendingPrice : side === BUY ? ask : bid;
  // The preview is made at the price on the button, and only when there is one and the lots follow the
  // rules. The button stays on: a tap says the rule again and sends nothing (the machine's `invalid`).
  const quote = twoSided(market);
  const preview = price === undefined || lotsBroken ? undefined : ticketPreview({ ...c, fields: { ...f, side } }, quote, market.priceOf);
  const kind = f.mode === 'pending' && pendingPrice !== undefined && quote ? pendingType(side, pendingPrice, quote) : undefined;
  const block: ActionBlock = preview?.availableAfter !== undefined && dec(preview.availableAfter).lt(0) ? 'insufficient_margin' : undefined;
  return { side, price, market: side === BUY ? ask : bid, kind, preview, block, canSubmit: open && block === undefined };
}

export function connectOrderTicket(snapshot: SnapshotFrom<typeof orderTicketMachine>, market: TicketMarket): TicketView {
  const c = snapshot.context;
  const f = c.fields;
  const isMarketClosed = f.mode === 'market' && !(c.product && isMarketOpen(c.product));
  const isSubmitting = snapshot.matches('submitting');
  const open = !isMarketClosed && !isSubmitting && (f.mode === 'pending' ? market.live : market.live && market.fresh);
  const lots = c.product && lotsProblem(c.product, f.lots);
  const actions: [TicketAction, TicketAction] = [action(c, SELL, market, open, !!lots), action(c, BUY, market, open, !!lots)];
  const chosen = actions[f.side === BUY ? 1 : 0];
  const { bid, ask } = market.quote ?? {};
  const precision = c.product?.PricePrecision ?? 0;
  return {
    fields: f,
    canDecrement: canDecrement(c),
    canIncrement: canIncrement(c),
    preview: chosen.preview,
    actions,
    // In the prices' own unit and digits (BTC 15.0, EUR/USD 0.00012): a count of points read as dollars.
    spread: bid !== undefined && ask !== undefined ? Number((ask - bid).toFixed(precision)) : undefined,
    showsAvailable: Boolean(c.account),
    available: c.account ? (chosen.preview?.availableAfter ?? c.account.available) : undefined,
    leverages: c.product?.HasForexMultiple.map((m) => m.Value) ?? [],
    problem: lots ?? c.problem,
    problemValues: c.product && { min: c.product.ForexMinCont, max: c.product.ForexMaxCont, step: c.product.Pip },
    isSubmitting,
    isMarketClosed,
    canSubmit: chosen.canSubmit,
    submitLabel: isMarketClosed ? 'market.closed' : f.side === BUY ? 'ticket.submitBuy' : 'ticket.submitSell',
    placed: c.placed,
    placedKind: c.placed && pendingKindOf(c.placed, twoSided(market)),
    placedTab: c.placed?.Status === ORDER_STATUS.pending ? ORDER_TAB.pending : ORDER_TAB.holding,
  };
}
