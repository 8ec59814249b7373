import type { SnapshotFrom } from 'xstate';
import { type Order } from '../../contract/trading';
import { isMarketOpen } from '../../contract/market';
import { BUY, type Quote } from '../../domain/types';
import { canDecrement, ticketPreview, type TicketFields, type TicketPreview, type TicketProblem, type orderTicketMachine } from './order-ticket';

/** The live prices the preview is made at. */
export interface TicketMarket {
  quote: Quote | undefined;
  /** Other products' prices, for cross-currency conversion. */
  priceOf: (code: string) => number | undefined;
}

export interface TicketView {
  fields: TicketFields;
  canDecrement: boolean;
  /** Margin and fee of the order as the form stands; undefined when it cannot be priced yet. */
  preview: TicketPreview | undefined;
  /** Signed in: the free balance is shown. */
  showsAvailable: boolean;
  /** The free balance once this order is taken, or as it stands when the form cannot be priced. */
  available: string | number | undefined;
  /** Leverage values to choose from; none means the product cannot be traded. */
  leverages: number[];
  problem: TicketProblem | undefined;
  isSubmitting: boolean;
  /** A market order while the market is closed: the button says so and does nothing. */
  isMarketClosed: boolean;
  canSubmit: boolean;
  submitLabel: 'market.closed' | 'ticket.submitBuy' | 'ticket.submitSell';
  /** The order just placed: the success popup shows while it is set. */
  placed: Order | undefined;
}

export function connectOrderTicket(snapshot: SnapshotFrom<typeof orderTicketMachine>, market: TicketMarket): TicketView {
  const c = snapshot.context;
  const f = c.fields;
  const preview = ticketPreview(c, market.quote, market.priceOf);
  const isMarketClosed = f.mode === 'market' && !(c.product && isMarketOpen(c.product));
  const isSubmitting = snapshot.matches('submitting');
  return {
    fields: f,
    canDecrement: canDecrement(c),
    preview,
    showsAvailable: Boolean(c.account),
    available: c.account ? (preview?.availableAfter ?? c.account.available) : undefined,
    leverages: c.product?.HasForexMultiple.map((m) => m.Value) ?? [],
    problem: c.problem,
    isSubmitting,
    isMarketClosed,
    canSubmit: !isMarketClosed && !isSubmitting,
    submitLabel: isMarketClosed ? 'market.closed' : f.side === BUY ? 'ticket.submitBuy' : 'ticket.submitSell',
    placed: c.placed,
  };
}
