import { and, assign, fromCallback, fromPromise, not, sendTo, setup, stateIn } from 'xstate';
import { DRAW_TYPE, type WithdrawCurrency, type WithdrawRecord, type WithdrawWay } from '../../contract/funds';
import { pagedList } from '../shared/paged-list';
import { amountInput, amountValue } from '../shared/decimal-input';
import { walletMachine } from './wallet';
import { SETTLE_MS } from '../shared/settle';
import { answerLost } from '../shared/unanswered';

/**
 * /mine/withdraw: to a bound coin address (tab 1) or bank account (tab 2). Pick the currency, then
 * one of its bound payout methods (none: a dialog offers to bind one), amount and memo, with the
 * balance beside; then the tab's history, where a request still waiting can be taken back.
 */
export type DrawType = (typeof DRAW_TYPE)[keyof typeof DRAW_TYPE];
/** Keys of the client catalogue (`problem.*`). */
export type WithdrawProblem = 'currency_required' | 'request_unanswered';
/** What the identity check said: a refusal for an unverified identity is then expected. */
export type IdentityState = 'unknown' | 'approved' | 'unapproved';

export type WithdrawRow = WithdrawRecord & { Id: number };

export interface WithdrawContext {
  type: DrawType;
  currencies: WithdrawCurrency[];
  currencyId: number | undefined;
  ways: WithdrawWay[];
  wayId: number | undefined;
  amount: string;
  memo: string;
  identity: IdentityState;
  problem: WithdrawProblem | undefined;
  /**
   * The `request_id` of the withdrawal being sent, made when the trader submits. It stays while the
   * same form is sent again after a failed call (the server may have taken it: the same id then
   * returns that request instead of holding the money twice) and goes with a success or any change.
   */
  requestId: string | undefined;
  /** The history row the trader asked to cancel. */
  cancelId: number | undefined;
}

export type WithdrawEvent =
  | { type: 'TAB.SELECT'; drawType: DrawType }
  | { type: 'CURRENCY.SELECT'; id: number }
  | { type: 'WAY.SELECT'; id: number }
  | { type: 'AMOUNT.CHANGE'; value: string }
  | { type: 'MEMO.CHANGE'; value: string }
  | { type: 'WITHDRAW.SUBMIT' }
  | { type: 'BIND.GO' }
  | { type: 'BIND.DISMISS' }
  | { type: 'RETRY' }
  | { type: 'CANCEL.ASK'; id: number }
  | { type: 'CANCEL.ACCEPT' }
  | { type: 'CANCEL.DISMISS' }
  | { type: 'LIST.MORE' }
  | { type: 'LIST.REFRESH' }
  /** The account's amounts changed (a request rejected, paid or cancelled): the history shows its new status. */
  | { type: 'BALANCE.CHANGED' };

export interface WithdrawRequest { draw_currency_id: number; number: string; memo?: string; draw_method_id: number; request_id?: string }

/** The id asked for when the list has it, else the list's first. */
export const offeredOrFirst = (list: readonly { id: number }[], wanted: number | undefined) =>
  (list.some((x) => x.id === wanted) ? wanted : list[0]?.id);

export const chosenCurrency = (c: WithdrawContext) => c.currencies.find((x) => x.id === c.currencyId);
export const chosenWay = (c: WithdrawContext) => c.ways.find((w) => w.id === c.wayId);

// The amount is not checked here (spec section 5): the server answers for it.
export const withdrawRequest = (c: WithdrawContext): WithdrawRequest => ({
  draw_currency_id: c.currencyId!, number: amountValue(c.amount), memo: c.memo.trim() || undefined, draw_method_id: c.wayId!, request_id: c.requestId,
});

/** The history of one tab. */
export const withdrawHistory = pagedList<WithdrawRow>();

const EMPTY_FORM = { currencies: [], currencyId: undefined, ways: [], wayId: undefined, amount: '', memo: '', problem: undefined, requestId: undefined };

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as { type: DrawType; currencyId?: number },
    children: {} as { balance: 'balance'; history: 'addressHistory' | 'bankHistory' },
  },
  actors: {
    /** The balance beside the form, read again after a request or a cancel. */
    balance: walletMachine,
    /** Whether the trader's identity is approved. */
    loadIdentity: fromPromise<boolean>(async () => {
      throw new Error('loadIdentity not provided');
    }),
    loadCurrencies: fromPromise<WithdrawCurrency[], { type: DrawType }>(async () => {
      throw new Error('loadCurrencies not provided');
    }),
    loadWays: fromPromise<WithdrawWay[], { draw_type: DrawType; draw_id: number }>(async () => {
      throw new Error('loadWays not provided');
    }),
    submit: fromPromise<unknown, WithdrawRequest>(async () => {
      throw new Error('submit not provided');
    }),
    cancelWithdraw: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('cancelWithdraw not provided');
    }),
    addressHistory: withdrawHistory,
    bankHistory: withdrawHistory,
    /** Reports BALANCE.CHANGED for each balance push (provided by the app). */
    pushes: fromCallback<WithdrawEvent>(() => () => {}),
  },
  actions: {
    /** Off to bind a payout method of this type and currency (provided by the app). */
    goBind: (_, _params: { type: DrawType; currencyId: number | undefined }) => {},
    switchTab: assign((_, p: { type: DrawType }) => ({ ...EMPTY_FORM, type: p.type })),
    setIdentity: assign({ identity: (_, p: { approved: boolean }) => (p.approved ? 'approved' as const : 'unapproved' as const) }),
    // The currency asked for (back from binding one) or the first, and the first of its methods; the trader may pick others.
    setCurrencies: assign(({ context }, p: { currencies: WithdrawCurrency[] }) => ({ currencies: p.currencies, currencyId: offeredOrFirst(p.currencies, context.currencyId) })),
    selectCurrency: assign({ currencyId: (_, p: { id: number }) => p.id, ways: [], wayId: undefined, problem: undefined, requestId: undefined }),
    setWays: assign((_, p: { ways: WithdrawWay[] }) => ({ ways: p.ways, wayId: p.ways[0]?.id })),
    selectWay: assign({ wayId: (_, p: { id: number }) => p.id, requestId: undefined }),
    editAmount: assign({ amount: (_, p: { value: string }) => p.value, requestId: undefined, problem: undefined }),
    editMemo: assign({ memo: (_, p: { value: string }) => p.value, requestId: undefined, problem: undefined }),
    mintRequestId: assign({ requestId: ({ context }) => context.requestId ?? crypto.randomUUID() }),
    noCurrency: assign({ problem: 'currency_required' as const }),
    requestUnanswered: assign({ problem: 'request_unanswered' as const }),
    answered: assign({ problem: undefined }),
    resetAmount: assign({ amount: '', memo: '', problem: undefined, requestId: undefined }),
    askCancel: assign({ cancelId: (_, p: { id: number }) => p.id }),
    forgetCancel: assign({ cancelId: undefined }),
    reloadBalance: sendTo('balance', { type: 'RETRY' }),
    refreshHistory: sendTo('history', { type: 'LIST.REFRESH' }),
    moreHistory: sendTo('history', { type: 'LIST.MORE' }),
  },
  guards: {
    // No answer came: the request may have arrived. Sent again it keeps its id (no second one),
    // and the balance and history, asked again, show it once it did.
    unanswered: answerLost,
    // Another tab than the one shown.
    toAddress: ({ context, event }) => event.type === 'TAB.SELECT' && event.drawType === DRAW_TYPE.address && context.type !== event.drawType,
    toBank: ({ context, event }) => event.type === 'TAB.SELECT' && event.drawType === DRAW_TYPE.bank && context.type !== event.drawType,
    onBank: ({ context }) => context.type === DRAW_TYPE.bank,
    hasCurrency: ({ context }) => chosenCurrency(context) !== undefined,
    otherCurrency: ({ context }, p: { id: number }) => p.id !== context.currencyId && context.currencies.some((x) => x.id === p.id),
    knownWay: ({ context }, p: { id: number }) => context.ways.some((w) => w.id === p.id),
    noCurrency: ({ context }) => chosenCurrency(context) === undefined,
    noWay: ({ context }) => chosenWay(context) === undefined,
  },
  delays: { SETTLE_MS },
}).createMachine({
  id: 'withdraw',
  context: ({ input }) => ({ ...EMPTY_FORM, type: input.type, currencyId: input.currencyId, identity: 'unknown', cancelId: undefined }),
  invoke: [
    { id: 'balance', src: 'balance' },
    { id: 'pushes', src: 'pushes' },
    {
      id: 'loadIdentity',
      src: 'loadIdentity',
      onDone: { actions: { type: 'setIdentity', params: ({ event }) => ({ approved: event.output }) } },
      // Unknown: no note; the server still refuses an unverified identity with its message.
      onError: {},
    },
  ],
  type: 'parallel',
  on: {
    'TAB.SELECT': [
      {
        // Not while a request is being sent: its answer would be dropped.
        guard: and(['toAddress', not(stateIn({ form: 'submitting' }))]),
        target: ['.form.loadingCurrencies', '.history.address'],
        actions: { type: 'switchTab', params: ({ event }) => ({ type: event.drawType }) },
      },
      {
        guard: and(['toBank', not(stateIn({ form: 'submitting' }))]),
        target: ['.form.loadingCurrencies', '.history.bank'],
        actions: { type: 'switchTab', params: ({ event }) => ({ type: event.drawType }) },
      },
    ],
    'AMOUNT.CHANGE': { actions: { type: 'editAmount', params: ({ event }) => ({ value: amountInput(event.value) }) } },
    'MEMO.CHANGE': { actions: { type: 'editMemo', params: ({ event }) => ({ value: event.value }) } },
    'LIST.MORE': { actions: 'moreHistory' },
    'LIST.REFRESH': { actions: 'refreshHistory' },
    'BALANCE.CHANGED': { actions: 'refreshHistory' },
  },
  states: {
    form: {
      initial: 'loadingCurrencies',
      states: {
        loadingCurrencies: {
          invoke: {
            id: 'loadCurrencies',
            src: 'loadCurrencies',
            input: ({ context }) => ({ type: context.type }),
            onDone: { target: 'currenciesLoaded', actions: { type: 'setCurrencies', params: ({ event }) => ({ currencies: event.output }) } },
            onError: 'failed',
          },
        },
        currenciesLoaded: { always: [{ guard: 'hasCurrency', target: 'loadingWays' }, { target: 'ready' }] },
        failed: { on: { RETRY: 'loadingCurrencies' } },
        loadingWays: {
          invoke: {
            id: 'loadWays',
            src: 'loadWays',
            input: ({ context }) => ({ draw_type: context.type, draw_id: context.currencyId! }),
            onDone: { target: 'waysLoaded', actions: { type: 'setWays', params: ({ event }) => ({ ways: event.output }) } },
            onError: 'ready',
          },
        },
        // None bound for this currency: say so and offer the bind page.
        waysLoaded: { always: [{ guard: 'noWay', target: 'unbound' }, { target: 'ready' }] },
        ready: {
          on: {
            'CURRENCY.SELECT': {
              guard: { type: 'otherCurrency', params: ({ event }) => ({ id: event.id }) },
              target: 'loadingWays',
              actions: { type: 'selectCurrency', params: ({ event }) => ({ id: event.id }) },
            },
            'WAY.SELECT': {
              guard: { type: 'knownWay', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'selectWay', params: ({ event }) => ({ id: event.id }) },
            },
            'WITHDRAW.SUBMIT': [
              { guard: 'noCurrency', actions: 'noCurrency' },
              { guard: 'noWay', target: 'unbound' },
              { target: 'submitting', actions: 'mintRequestId' },
            ],
          },
        },
        unbound: {
          on: {
            'BIND.GO': { target: 'ready', actions: { type: 'goBind', params: ({ context }) => ({ type: context.type, currencyId: context.currencyId }) } },
            'BIND.DISMISS': 'ready',
          },
        },
        submitting: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => withdrawRequest(context),
            // The server's message is toasted by the flow; the balance and history show the request.
            onDone: { target: 'sent', actions: ['resetAmount', 'reloadBalance', 'refreshHistory'] },
            onError: [{ guard: 'unanswered', target: 'ready', actions: ['requestUnanswered', 'reloadBalance', 'refreshHistory'] }, { target: 'ready', actions: 'answered' }],
          },
        },
        /** A double tap's second tap does not send the emptied form; a new amount is a new request. */
        sent: {
          after: { SETTLE_MS: 'ready' },
          on: { 'AMOUNT.CHANGE': { target: 'ready', actions: { type: 'editAmount', params: ({ event }) => ({ value: amountInput(event.value) }) } } },
        },
      },
    },
    history: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'onBank', target: 'bank' }, { target: 'address' }] },
        address: { invoke: { id: 'history', src: 'addressHistory' } },
        bank: { invoke: { id: 'history', src: 'bankHistory' } },
      },
    },
    cancel: {
      initial: 'idle',
      states: {
        idle: { on: { 'CANCEL.ASK': { target: 'asking', actions: { type: 'askCancel', params: ({ event }) => ({ id: event.id }) } } } },
        asking: { on: { 'CANCEL.ACCEPT': 'cancelling', 'CANCEL.DISMISS': { target: 'idle', actions: 'forgetCancel' } } },
        cancelling: {
          invoke: {
            id: 'cancelWithdraw',
            src: 'cancelWithdraw',
            input: ({ context }) => ({ id: context.cancelId! }),
            onDone: { target: 'idle', actions: ['forgetCancel', 'reloadBalance', 'refreshHistory'] },
            onError: { target: 'idle', actions: 'forgetCancel' },
          },
        },
      },
    },
  },
});
