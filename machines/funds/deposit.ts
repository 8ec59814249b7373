import { and, assign, fromCallback, fromPromise, not, sendParent, sendTo, setup, stateIn } from 'xstate';
import type { BankAccount, BankCoin, DepositNetwork, DepositRecord } from '../../contract/funds';
import { pagedList } from '../shared/paged-list';
import { amountInput, amountValue } from '../shared/decimal-input';
import { uploadMachine } from '../shared/upload';
import { SETTLE_MS } from '../shared/settle';
import { answerLost } from '../shared/unanswered';

/**
 * /mine/charge: a coin deposit (pick a network, send to its address) or a bank deposit (pick a
 * bank coin, then one of its accounts), with amount, optional reference and a proof image; then
 * the deposit history of the tab. Demo accounts are told to use a real account instead.
 */
export type DepositTab = 'coin' | 'bank';
/** Keys of the client catalogue (`problem.*`). */
export type DepositProblem = 'no_channel' | 'request_unanswered';

/** A history row with the id the paged list goes by. */
export type DepositRow = DepositRecord & { Id: number };

export interface DepositContext {
  /** A demo account: nothing to deposit into. */
  demo: boolean;
  /** The tab the screen opened on (query `type` 1: bank). */
  startTab: DepositTab;
  networks: DepositNetwork[];
  networkId: number | undefined;
  bankCoins: BankCoin[];
  bankCoinId: number | undefined;
  bankAccounts: BankAccount[];
  bankAccountId: number | undefined;
  amount: string;
  reference: string;
  /** The uploaded proof's url, once its upload finished. */
  proofUrl: string | undefined;
  problem: DepositProblem | undefined;
  /** The id the server knows this form's request by: kept while it is sent again, new once it changes. */
  requestId: string | undefined;
}

export type DepositEvent =
  | { type: 'TAB.SELECT'; tab: DepositTab }
  | { type: 'NETWORK.SELECT'; id: number }
  | { type: 'BANK_COIN.SELECT'; id: number }
  | { type: 'BANK_ACCOUNT.SELECT'; id: number }
  | { type: 'AMOUNT.CHANGE'; value: string }
  | { type: 'REFERENCE.CHANGE'; value: string }
  | { type: 'PROOF.UPLOADED'; url: string }
  | { type: 'PROOF.CLEARED' }
  | { type: 'DEPOSIT.SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'LIST.MORE' }
  | { type: 'LIST.REFRESH' }
  /** The account's amounts changed (a deposit credited): the history shows its new status. */
  | { type: 'BALANCE.CHANGED' };

export interface CoinRequest { number: string; proofImg: string; address: string; charge_id: number; reference?: string; request_id?: string }
export interface WireRequest { number: string; proofImg: string; wire_id: number; reference?: string; request_id?: string }

export const chosenNetwork = (c: DepositContext) => c.networks.find((n) => n.id === c.networkId);
export const chosenBankAccount = (c: DepositContext) => c.bankAccounts.find((a) => a.id === c.bankAccountId);

// Amount and proof are not checked here (spec section 5): the server answers for them.
const common = (c: DepositContext) => ({ number: amountValue(c.amount), proofImg: c.proofUrl ?? '', reference: c.reference.trim() || undefined, request_id: c.requestId });
export const coinRequest = (c: DepositContext, n: DepositNetwork): CoinRequest => ({ ...common(c), address: n.address, charge_id: n.id });
export const wireRequest = (c: DepositContext, a: BankAccount): WireRequest => ({ ...common(c), wire_id: a.id });

/** The history of one tab. */
export const depositHistory = pagedList<DepositRow>();

/** The proof image, telling this machine of its url. */
export const proofUpload = uploadMachine.provide({
  actions: {
    uploaded: sendParent((_, params: { url: string }) => ({ type: 'PROOF.UPLOADED', url: params.url })),
    cleared: sendParent({ type: 'PROOF.CLEARED' }),
  },
});

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as { tab: DepositTab; demo: boolean },
    children: {} as { proof: 'proofUpload'; history: 'coinHistory' | 'bankHistory' },
  },
  actors: {
    loadNetworks: fromPromise<DepositNetwork[]>(async () => {
      throw new Error('loadNetworks not provided');
    }),
    loadBankCoins: fromPromise<BankCoin[]>(async () => {
      throw new Error('loadBankCoins not provided');
    }),
    loadBankAccounts: fromPromise<BankAccount[], { bank_coin: number }>(async () => {
      throw new Error('loadBankAccounts not provided');
    }),
    submitCoin: fromPromise<unknown, CoinRequest>(async () => {
      throw new Error('submitCoin not provided');
    }),
    submitWire: fromPromise<unknown, WireRequest>(async () => {
      throw new Error('submitWire not provided');
    }),
    coinHistory: depositHistory,
    bankHistory: depositHistory,
    proofUpload,
    /** Reports BALANCE.CHANGED for each balance push (provided by the app). */
    pushes: fromCallback<DepositEvent>(() => () => {}),
  },
  actions: {
    /** A tab is shown: the app keeps it in the address, so a reload or a shared link opens it again (provided by the app). */
    tabShown: (_, _params: { tab: DepositTab }) => {},
    editAmount: assign({ amount: (_, p: { value: string }) => p.value, problem: undefined, requestId: undefined }),
    editReference: assign({ reference: (_, p: { value: string }) => p.value, problem: undefined, requestId: undefined }),
    keepProof: assign({ proofUrl: (_, p: { url: string | undefined }) => p.url, requestId: undefined }),
    // The first network shows its address at once; the trader may pick another.
    setNetworks: assign((_, p: { networks: DepositNetwork[] }) => ({ networks: p.networks, networkId: p.networks[0]?.id })),
    selectNetwork: assign({ networkId: (_, p: { id: number }) => p.id, problem: undefined, requestId: undefined }),
    setBankCoins: assign({ bankCoins: (_, p: { coins: BankCoin[] }) => p.coins }),
    selectBankCoin: assign({ bankCoinId: (_, p: { id: number }) => p.id, bankAccounts: [], bankAccountId: undefined, problem: undefined, requestId: undefined }),
    // Likewise the bank coin's first account: a form that looks ready must be ready to send.
    setBankAccounts: assign((_, p: { accounts: BankAccount[] }) => ({ bankAccounts: p.accounts, bankAccountId: p.accounts[0]?.id })),
    selectBankAccount: assign({ bankAccountId: (_, p: { id: number }) => p.id, problem: undefined, requestId: undefined }),
    noChannel: assign({ problem: 'no_channel' as const }),
    requestUnanswered: assign({ problem: 'request_unanswered' as const }),
    answered: assign({ problem: undefined }),
    clearProblem: assign({ problem: undefined, requestId: undefined }),
    /** The server keeps one deposit per id: a retry of the same form reuses it, a changed form gets a new one. */
    mintRequestId: assign({ requestId: ({ context }) => context.requestId ?? crypto.randomUUID() }),
    // Sent: the form empties, the proof goes, the history shows the new row.
    resetForm: assign({ amount: '', reference: '', proofUrl: undefined, problem: undefined, requestId: undefined }),
    clearProof: sendTo('proof', { type: 'UPLOAD.CLEAR' }),
    refreshHistory: sendTo('history', { type: 'LIST.REFRESH' }),
    moreHistory: sendTo('history', { type: 'LIST.MORE' }),
  },
  guards: {
    // No answer came: the request may have arrived. Sent again it keeps its id (no second one),
    // and the history, asked again, shows it once it did.
    unanswered: answerLost,
    isDemo: ({ context }) => context.demo,
    anyBankCoin: (_, p: { coins: BankCoin[] }) => p.coins.length > 0,
    startsOnBank: ({ context }) => context.startTab === 'bank',
    toBank: ({ event }) => event.type === 'TAB.SELECT' && event.tab === 'bank',
    toCoin: ({ event }) => event.type === 'TAB.SELECT' && event.tab === 'coin',
    knownNetwork: ({ context }, p: { id: number }) => context.networks.some((n) => n.id === p.id),
    knownBankAccount: ({ context }, p: { id: number }) => context.bankAccounts.some((a) => a.id === p.id),
    noNetwork: ({ context }) => !chosenNetwork(context),
    noBankAccount: ({ context }) => !chosenBankAccount(context),
  },
  delays: { SETTLE_MS },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    demo: input.demo, startTab: input.tab,
    networks: [], networkId: undefined, bankCoins: [], bankCoinId: undefined, bankAccounts: [], bankAccountId: undefined,
    amount: '', reference: '', proofUrl: undefined, problem: undefined, requestId: undefined,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'isDemo', target: 'realOnly' },
        { guard: 'startsOnBank', target: 'open.bank' },
        { target: 'open.coin' },
      ],
    },
    /** A demo account: the screen says to use a real one (the server refuses demo deposits too). */
    realOnly: {},
    open: {
      invoke: [{ id: 'proof', src: 'proofUpload', input: {} }, { id: 'pushes', src: 'pushes' }],
      initial: 'coin',
      on: {
        'AMOUNT.CHANGE': { actions: { type: 'editAmount', params: ({ event }) => ({ value: amountInput(event.value) }) } },
        'REFERENCE.CHANGE': { actions: { type: 'editReference', params: ({ event }) => ({ value: event.value }) } },
        'PROOF.UPLOADED': { actions: { type: 'keepProof', params: ({ event }) => ({ url: event.url }) } },
        'PROOF.CLEARED': { actions: { type: 'keepProof', params: { url: undefined } } },
        'LIST.MORE': { actions: 'moreHistory' },
        'LIST.REFRESH': { actions: 'refreshHistory' },
        'BALANCE.CHANGED': { actions: 'refreshHistory' },
      },
      states: {
        coin: {
          entry: { type: 'tabShown', params: { tab: 'coin' } },
          invoke: { id: 'history', src: 'coinHistory' },
          on: {
            // Not while a deposit is being sent: its answer would be dropped.
            'TAB.SELECT': {
              guard: and(['toBank', not(stateIn({ open: { coin: 'submitting' } }))]),
              target: 'bank', actions: 'clearProblem',
            },
          },
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadNetworks',
                src: 'loadNetworks',
                onDone: { target: 'ready', actions: { type: 'setNetworks', params: ({ event }) => ({ networks: event.output }) } },
                onError: 'failed',
              },
            },
            failed: { on: { RETRY: 'loading' } },
            ready: {
              on: {
                'NETWORK.SELECT': {
                  guard: { type: 'knownNetwork', params: ({ event }) => ({ id: event.id }) },
                  actions: { type: 'selectNetwork', params: ({ event }) => ({ id: event.id }) },
                },
                'DEPOSIT.SUBMIT': [{ guard: 'noNetwork', actions: 'noChannel' }, { target: 'submitting', actions: 'mintRequestId' }],
              },
            },
            submitting: {
              invoke: {
                id: 'submitCoin',
                src: 'submitCoin',
                input: ({ context }) => coinRequest(context, chosenNetwork(context)!),
                onDone: { target: 'sent', actions: ['resetForm', 'clearProof', 'refreshHistory'] },
                // The server's message is toasted by the API client; the form stays for another try.
                onError: [{ guard: 'unanswered', target: 'ready', actions: ['requestUnanswered', 'refreshHistory'] }, { target: 'ready', actions: 'answered' }],
              },
            },
            /** A double tap's second tap does not send the emptied form; a new amount or proof is a new request. */
            sent: {
              after: { SETTLE_MS: 'ready' },
              on: {
                'AMOUNT.CHANGE': { target: 'ready', actions: { type: 'editAmount', params: ({ event }) => ({ value: amountInput(event.value) }) } },
                'PROOF.UPLOADED': { target: 'ready', actions: { type: 'keepProof', params: ({ event }) => ({ url: event.url }) } },
              },
            },
          },
        },
        bank: {
          entry: { type: 'tabShown', params: { tab: 'bank' } },
          invoke: { id: 'history', src: 'bankHistory' },
          on: {
            'TAB.SELECT': {
              guard: and(['toCoin', not(stateIn({ open: { bank: { ready: 'submitting' } } }))]),
              target: 'coin', actions: 'clearProblem',
            },
          },
          initial: 'loadingCoins',
          states: {
            loadingCoins: {
              invoke: {
                id: 'loadBankCoins',
                src: 'loadBankCoins',
                // Like the first network, the first bank coin shows its accounts at once; the trader may pick another.
                onDone: [
                  {
                    guard: { type: 'anyBankCoin', params: ({ event }) => ({ coins: event.output }) },
                    target: 'ready.loadingAccounts',
                    actions: [
                      { type: 'setBankCoins', params: ({ event }) => ({ coins: event.output }) },
                      { type: 'selectBankCoin', params: ({ event }) => ({ id: event.output[0]!.id }) },
                    ],
                  },
                  { target: 'ready', actions: { type: 'setBankCoins', params: ({ event }) => ({ coins: event.output }) } },
                ],
                onError: 'failed',
              },
            },
            failed: { on: { RETRY: 'loadingCoins' } },
            ready: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'BANK_COIN.SELECT': { target: 'loadingAccounts', actions: { type: 'selectBankCoin', params: ({ event }) => ({ id: event.id }) } },
                    'BANK_ACCOUNT.SELECT': {
                      guard: { type: 'knownBankAccount', params: ({ event }) => ({ id: event.id }) },
                      actions: { type: 'selectBankAccount', params: ({ event }) => ({ id: event.id }) },
                    },
                    'DEPOSIT.SUBMIT': [{ guard: 'noBankAccount', actions: 'noChannel' }, { target: 'submitting', actions: 'mintRequestId' }],
                  },
                },
                loadingAccounts: {
                  on: {
                    // Another coin while its accounts load: load that coin's instead.
                    'BANK_COIN.SELECT': {
                      target: 'loadingAccounts', reenter: true,
                      actions: { type: 'selectBankCoin', params: ({ event }) => ({ id: event.id }) },
                    },
                  },
                  invoke: {
                    id: 'loadBankAccounts',
                    src: 'loadBankAccounts',
                    input: ({ context }) => ({ bank_coin: context.bankCoinId! }),
                    onDone: { target: 'idle', actions: { type: 'setBankAccounts', params: ({ event }) => ({ accounts: event.output }) } },
                    onError: 'idle',
                  },
                },
                submitting: {
                  invoke: {
                    id: 'submitWire',
                    src: 'submitWire',
                    input: ({ context }) => wireRequest(context, chosenBankAccount(context)!),
                    onDone: { target: 'sent', actions: ['resetForm', 'clearProof', 'refreshHistory'] },
                    onError: [{ guard: 'unanswered', target: 'idle', actions: ['requestUnanswered', 'refreshHistory'] }, { target: 'idle', actions: 'answered' }],
                  },
                },
                sent: {
                  after: { SETTLE_MS: 'idle' },
                  on: {
                    'AMOUNT.CHANGE': { target: 'idle', actions: { type: 'editAmount', params: ({ event }) => ({ value: amountInput(event.value) }) } },
                    'PROOF.UPLOADED': { target: 'idle', actions: { type: 'keepProof', params: ({ event }) => ({ url: event.url }) } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
