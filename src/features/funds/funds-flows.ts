import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { identityCalls, REAL_NAME_STATUS, REVIEW_STATUS } from '../../../contract/identity';
import { DEPOSIT_TYPE, DRAW_TYPE, fundsCalls } from '../../../contract/funds';
import { tradingCalls } from '../../../contract/trading';
import { bindWayMachine } from '../../../machines/funds/bind-way';
import { depositHistory, depositMachine, proofUpload, type DepositEvent } from '../../../machines/funds/deposit';
import { payoutMethodsMachine } from '../../../machines/funds/payout-methods';
import { walletMachine, type WalletEvent } from '../../../machines/funds/wallet';
import { withdrawHistory, withdrawMachine, type DrawType, type WithdrawEvent } from '../../../machines/funds/withdraw';
import { call } from '../../shared/api/client';
import { imageUploadActors } from '../../shared/api/image-upload';
import { accountFeed } from '../../shared/live/account-feed';
import { back } from '../../shared/navigation/back';
import { go } from '../../shared/navigation/navigation';

/** The funds screens' machines with their I/O bound to the API and the app. */

const loadBalance = fromPromise(() => call(tradingCalls.forexDetail, {}));

/** The socket's BALANCE pushes: a staff decision (deposit credited, withdrawal refunded) shows at once. */
const balancePushes = fromCallback<WalletEvent>(({ sendBack }) => accountFeed.onBalance(() => sendBack({ type: 'BALANCE.CHANGED' })));

/** Any balance push: a staff decision was made, so the history shows its new status. */
const balanceChanges = <E extends EventObject>() =>
  fromCallback<E>(({ sendBack }) => accountFeed.onBalance(() => sendBack({ type: 'BALANCE.CHANGED' })));

const liveWallet = walletMachine.provide({ actors: { loadBalance, pushes: balancePushes } });

/** One tab of the deposit history, page by page; rows go by their id. */
const depositPages = (type: number) =>
  depositHistory.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const page = await call(fundsCalls.depositHistory, { type, page: input.page });
        return { items: page.data.map((r) => ({ ...r, Id: r.id })), total: page.total };
      }),
    },
  });

const withdrawPages = (type: DrawType) =>
  withdrawHistory.provide({
    actors: {
      loadPage: fromPromise(async ({ input }) => {
        const page = await call(fundsCalls.withdrawHistory, { type, page: input.page });
        return { items: page.data.map((r) => ({ ...r, Id: r.id })), total: page.total };
      }),
    },
  });

export const depositFlow = () =>
  depositMachine.provide({
    actors: {
      loadNetworks: fromPromise(() => call(fundsCalls.depositNetworks, {})),
      loadBankCoins: fromPromise(() => call(fundsCalls.bankCoins, {})),
      loadBankAccounts: fromPromise(({ input }) => call(fundsCalls.bankAccounts, input)),
      submitCoin: fromPromise(({ input }) => call(fundsCalls.depositCoin, input, { loading: true, showSuccessMessage: true })),
      submitWire: fromPromise(({ input }) => call(fundsCalls.depositWire, input, { loading: true, showSuccessMessage: true })),
      coinHistory: depositPages(DEPOSIT_TYPE.coin),
      bankHistory: depositPages(DEPOSIT_TYPE.bank),
      proofUpload: proofUpload.provide({ actors: imageUploadActors }),
      pushes: balanceChanges<DepositEvent>(),
    },
    // Query `type` 1 is the bank tab (spec section 2), in place of this entry: tabs are not screens to go back through.
    actions: { tabShown: (_, { tab }) => go(tab === 'bank' ? `/mine/charge?type=${DEPOSIT_TYPE.bank}` : '/mine/charge', true) },
  });

/** Approved when the centre says finished or approved; the server refuses withdrawals otherwise. */
const identityApproved = fromPromise(async () => {
  const centre = await call(identityCalls.realNameCenter, {}, { showErrorMessage: false });
  return centre.status === REAL_NAME_STATUS.finished || centre.review_status === REVIEW_STATUS.approved;
});

export const withdrawFlow = () =>
  withdrawMachine.provide({
    actors: {
      balance: liveWallet,
      loadIdentity: identityApproved,
      loadCurrencies: fromPromise(({ input }) => call(fundsCalls.withdrawCurrencies, input)),
      loadWays: fromPromise(({ input }) => call(fundsCalls.withdrawWays, input)),
      submit: fromPromise(({ input }) => call(fundsCalls.withdraw, input, { loading: true, showSuccessMessage: true })),
      cancelWithdraw: fromPromise(({ input }) => call(fundsCalls.withdrawCancel, input, { loading: true, showSuccessMessage: true })),
      addressHistory: withdrawPages(DRAW_TYPE.address),
      bankHistory: withdrawPages(DRAW_TYPE.bank),
      pushes: balanceChanges<WithdrawEvent>(),
    },
    actions: {
      goBind: (_, { type, currencyId }) => {
        // Binding is for the currency the trader was on, and coming back lands on its tab and currency.
        const query = `type=${type}${currencyId === undefined ? '' : `&draw_id=${currencyId}`}`;
        history.replaceState(history.state, '', `/mine/withdraw?${query}`);
        go(`/mine/withdraw-way?${query}`);
      },
    },
  });

export const walletFlow = () => liveWallet;

export const payoutMethodsFlow = () =>
  payoutMethodsMachine.provide({
    actors: {
      loadWays: fromPromise(({ input }) => call(fundsCalls.withdrawWays, input)),
      unbind: fromPromise(({ input }) => call(fundsCalls.unbindWithdrawWay, input, { loading: true, showSuccessMessage: true })),
    },
  });

export const bindWayFlow = () =>
  bindWayMachine.provide({
    actors: {
      loadCurrencies: fromPromise(({ input }) => call(fundsCalls.withdrawCurrencies, input)),
      bind: fromPromise(({ input }) => call(fundsCalls.bindWithdrawWay, input, { loading: true, showSuccessMessage: true })),
    },
    // Opened straight from a link, there is no page to go back to: the list of what was just bound.
    actions: { bound: ({ context }) => back(context.type === 1 ? '/mine/coin-address-list' : '/mine/bank-card-list') },
  });
