import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Candle, Period } from '../../contract/market';

/**
 * The candles of one product and period: history loaded page by page (older first when panning
 * left), and the live candle kept apart so a tick never touches the history array.
 */
export interface ChartContext {
  productId: number | undefined;
  code: string | undefined;
  period: Period;
  history: Candle[];
  live: Candle | undefined;
  /** No older candles exist. */
  complete: boolean;
}

export type ChartEvent =
  | { type: 'PRODUCT.SELECT'; productId: number; code: string }
  | { type: 'PERIOD.SELECT'; period: Period }
  | { type: 'HISTORY.MORE' }
  | { type: 'CANDLE.LIVE'; code: string; candle: Candle }
  | { type: 'CHART.RETRY' }
  /** The live feed was down: candles it pushed meanwhile were lost. */
  | { type: 'CHART.CATCH_UP' };

export const PAGE = 500;

/** Folds a live candle in: same bucket replaces the live one, a newer bucket retires it to history. */
export function withLive(c: ChartContext, candle: Candle): Partial<ChartContext> {
  const current = c.live ?? c.history.at(-1);
  if (current && candle.Time < current.Time) return {};
  if (!c.live || candle.Time === c.live.Time) {
    const history = c.live === undefined && current && current.Time === candle.Time ? c.history.slice(0, -1) : c.history;
    return { history, live: candle };
  }
  return { history: [...c.history, c.live], live: candle };
}

/**
 * The newest page fetched after the live feed was down: it replaces the candles from its first on
 * (those missed, and the one left half-built), and older history stays as it was.
 */
export function caughtUp(c: ChartContext, newest: Candle[]): Partial<ChartContext> {
  if (newest.length === 0) return {};
  const from = newest[0]!.Time;
  return { history: [...c.history.filter((candle) => candle.Time < from), ...newest.slice(0, -1)], live: newest.at(-1) };
}

/** Older candles may exist and there is a first one to ask before. */
export const canLoadMore = (c: ChartContext) => !c.complete && c.history.length > 0;

export const chartMachine = setup({
  types: {
    context: {} as ChartContext,
    events: {} as ChartEvent,
    input: {} as { period?: Period },
  },
  actors: {
    loadCandles: fromPromise<Candle[], { productId: number; period: Period; before?: number }>(async () => []),
    /** Follows the product's KLINE topic while the chart shows it; sends CANDLE.LIVE. */
    liveCandles: fromCallback<EventObject, { code: string }>(() => () => {}),
    /** Sends PRODUCT.SELECT whenever the app's chosen product changes (provided by the app). */
    chosenProduct: fromCallback<ChartEvent>(() => () => {}),
    /** Sends CHART.CATCH_UP each time the live feed is back after it was down (provided by the app). */
    reconnects: fromCallback<ChartEvent>(() => () => {}),
  },
  guards: {
    hasProduct: ({ context }) => context.productId !== undefined,
    // The same product again (a refreshed list) keeps the candles on screen.
    otherProduct: ({ context }, params: { productId: number }) => context.productId !== params.productId,
    canLoadMore: ({ context }) => canLoadMore(context),
    isOurs: ({ context, event }) =>
      event.type === 'CANDLE.LIVE' && event.code === context.code && event.candle.Period === context.period,
  },
}).createMachine({
  id: 'chart',
  context: ({ input }) => ({ productId: undefined, code: undefined, period: input.period ?? '15min', history: [], live: undefined, complete: false }),
  invoke: [{ id: 'chosenProduct', src: 'chosenProduct' }, { id: 'reconnects', src: 'reconnects' }],
  initial: 'empty',
  on: {
    'PRODUCT.SELECT': {
      guard: { type: 'otherProduct', params: ({ event }) => ({ productId: event.productId }) },
      target: '.loading',
      actions: assign({ productId: ({ event }) => event.productId, code: ({ event }) => event.code, history: [], live: undefined, complete: false }),
    },
    'PERIOD.SELECT': {
      guard: 'hasProduct',
      target: '.loading',
      actions: assign({ period: ({ event }) => event.period, history: [], live: undefined, complete: false }),
    },
  },
  states: {
    empty: {},
    loading: {
      invoke: {
        id: 'loadCandles',
        src: 'loadCandles',
        input: ({ context }) => ({ productId: context.productId!, period: context.period }),
        onDone: {
          target: 'ready',
          actions: assign({
            history: ({ event }) => event.output.slice(0, -1),
            live: ({ event }) => event.output.at(-1),
            complete: ({ event }) => event.output.length < PAGE,
          }),
        },
        onError: 'failed',
      },
    },
    failed: { on: { 'CHART.RETRY': 'loading', 'CHART.CATCH_UP': 'loading' } },
    ready: {
      invoke: { id: 'liveCandles', src: 'liveCandles', input: ({ context }) => ({ code: context.code! }) },
      initial: 'idle',
      on: {
        'CANDLE.LIVE': { guard: 'isOurs', actions: assign(({ context, event }) => withLive(context, event.candle)) },
      },
      states: {
        idle: { on: { 'HISTORY.MORE': { guard: 'canLoadMore', target: 'loadingMore' }, 'CHART.CATCH_UP': 'catchingUp' } },
        catchingUp: {
          invoke: {
            id: 'loadNewest',
            src: 'loadCandles',
            input: ({ context }) => ({ productId: context.productId!, period: context.period }),
            onDone: { target: 'idle', actions: assign(({ context, event }) => caughtUp(context, event.output)) },
            // The live candles go on; the next reconnect tries again.
            onError: 'idle',
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadOlder',
            src: 'loadCandles',
            input: ({ context }) => ({ productId: context.productId!, period: context.period, before: context.history[0]!.Time }),
            onDone: {
              target: 'idle',
              actions: assign({
                history: ({ context, event }) => [...event.output, ...context.history],
                complete: ({ event }) => event.output.length < PAGE,
              }),
            },
            onError: 'idle',
          },
          // The newest candles first: a pan asks for the older page again.
          on: { 'CHART.CATCH_UP': 'catchingUp' },
        },
      },
    },
  },
});
