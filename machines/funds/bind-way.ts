import { assign, fromPromise, setup } from 'xstate';
import { DRAW_TYPE, type WithdrawCurrency } from '../../contract/funds';
import { offeredOrFirst, type DrawType } from './withdraw';

/** /mine/withdraw-way: bind a payout method: a coin address (type 1) or a bank account (type 2) for one currency. */
export const BANK_FIELDS = ['bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account'] as const;
export type WayField = 'dc_address' | (typeof BANK_FIELDS)[number];
/** The fields the server requires for each type (the rest are optional). */
export const REQUIRED_FIELDS: Record<DrawType, readonly WayField[]> = {
  [DRAW_TYPE.address]: ['dc_address'],
  [DRAW_TYPE.bank]: ['bank_name', 'payee_name', 'payee_account'],
};

/** Keys of the client catalogue (`problem.*`). */
export type BindProblem = 'currency_required' | 'input_full';

export interface BindWayContext {
  type: DrawType;
  currencies: WithdrawCurrency[];
  currencyId: number | undefined;
  fields: Record<WayField, string>;
  problem: BindProblem | undefined;
}

export type BindWayEvent =
  | { type: 'CURRENCY.SELECT'; id: number }
  | { type: 'FIELD.CHANGE'; field: WayField; value: string }
  | { type: 'BIND.SUBMIT' }
  | { type: 'RETRY' };

export type BindRequest = { draw_id: number; type: DrawType } & Partial<Record<WayField, string>>;

/** Only the fields of the type travel, trimmed; empty optional ones are left out. */
export function bindRequest(c: BindWayContext): BindRequest {
  const names: readonly WayField[] = c.type === DRAW_TYPE.address ? ['dc_address'] : BANK_FIELDS;
  const filled = names.map((n) => [n, c.fields[n].trim()] as const).filter(([, v]) => v !== '');
  return { draw_id: c.currencyId!, type: c.type, ...Object.fromEntries(filled) };
}

export const missingField = (c: BindWayContext) => REQUIRED_FIELDS[c.type].some((n) => c.fields[n].trim() === '');

const NO_FIELDS: Record<WayField, string> = { dc_address: '', bank_name: '', bank_address: '', bank_swift: '', payee_name: '', payee_account: '' };

export const bindWayMachine = setup({
  types: { context: {} as BindWayContext, events: {} as BindWayEvent, input: {} as { type: DrawType; currencyId?: number } },
  actors: {
    loadCurrencies: fromPromise<WithdrawCurrency[], { type: DrawType }>(async () => {
      throw new Error('loadCurrencies not provided');
    }),
    bind: fromPromise<unknown, BindRequest>(async () => {
      throw new Error('bind not provided');
    }),
  },
  actions: {
    /** Bound: back to where the trader came from (provided by the app). */
    bound: () => {},
    // The currency the trader was withdrawing in, else the first; the trader may pick another.
    setCurrencies: assign(({ context }, p: { currencies: WithdrawCurrency[] }) => ({ currencies: p.currencies, currencyId: offeredOrFirst(p.currencies, context.currencyId) })),
    selectCurrency: assign({ currencyId: (_, p: { id: number }) => p.id, problem: undefined }),
    edit: assign({ fields: ({ context }, p: { field: WayField; value: string }) => ({ ...context.fields, [p.field]: p.value }), problem: undefined }),
    noCurrency: assign({ problem: 'currency_required' as const }),
    incomplete: assign({ problem: 'input_full' as const }),
  },
  guards: {
    knownCurrency: ({ context }, p: { id: number }) => context.currencies.some((x) => x.id === p.id),
    noCurrency: ({ context }) => !context.currencies.some((x) => x.id === context.currencyId),
    missingField: ({ context }) => missingField(context),
  },
}).createMachine({
  id: 'bindWay',
  context: ({ input }) => ({ type: input.type, currencies: [], currencyId: input.currencyId, fields: NO_FIELDS, problem: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCurrencies',
        src: 'loadCurrencies',
        input: ({ context }) => ({ type: context.type }),
        onDone: { target: 'ready', actions: { type: 'setCurrencies', params: ({ event }) => ({ currencies: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        'CURRENCY.SELECT': {
          guard: { type: 'knownCurrency', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'selectCurrency', params: ({ event }) => ({ id: event.id }) },
        },
        'FIELD.CHANGE': { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'BIND.SUBMIT': [
          { guard: 'noCurrency', actions: 'noCurrency' },
          { guard: 'missingField', actions: 'incomplete' },
          { target: 'binding' },
        ],
      },
    },
    binding: {
      invoke: {
        id: 'bind',
        src: 'bind',
        input: ({ context }) => bindRequest(context),
        // The server's message is toasted by the flow.
        onDone: { target: 'bound', actions: 'bound' },
        onError: 'ready',
      },
    },
    bound: { type: 'final' },
  },
});
