import { DEPOSIT_TYPE, fundsCalls as calls } from '../../contract/funds';
import { refuse } from '../platform/http/refusal';
import type { Deps } from '../deps';
import { traderOf } from '../accounts/accounts';
import { isVerified } from '../identity/identity';
import type { Uploads } from '../uploads/uploads';
import { activeBankCoins, activeCurrencies, activeNetworks, activeWireAccounts, currenciesById, currencyById } from './channels';
import { depositHistory, requestDeposit } from './deposits';
import { requestParams, sendNotice } from './notices';
import { archiveMethod, bindMethod, methodsById, methodsOf } from './payout-methods';
import { bankCoinView, currencyView, depositView, methodView, networkView, wireAccountView, withdrawalView } from './views';
import { cancelWithdrawal, requestWithdrawal, withdrawalHistory, type OpenTrades } from './withdrawals';
import * as ledger from '../ledger/ledger';

const PAGE = 15;

/** The trader's money calls (spec section 7, Funds). Demo accounts are told to use a real one. */
export function fundsRoutes({ route, db, mailer, settings, app }: Deps, uploads: Uploads, openTrades: OpenTrades): void {
  const realOnly = (isDemo: boolean) => isDemo && refuse('demo_not_allowed');
  const notify = (notice: Parameters<typeof sendNotice>[1]) => sendNotice(mailer, notice, (error) => app.log.error({ err: error }, 'funds email failed'));
  const emailOf = async (userId: number) => (await traderOf(db, userId))?.email ?? null;

  route(calls.depositNetworks, async (_q, { isDemo }) => {
    realOnly(isDemo);
    return (await activeNetworks(db)).map(networkView);
  });
  route(calls.bankCoins, async (_q, { isDemo }) => {
    realOnly(isDemo);
    return (await activeBankCoins(db)).map(bankCoinView);
  });
  route(calls.bankAccounts, async ({ bank_coin }, { isDemo }) => {
    realOnly(isDemo);
    return (await activeWireAccounts(db, bank_coin)).map(wireAccountView);
  });
  route(calls.depositCoin, async (q, { userId, isDemo, lang }) => {
    realOnly(isDemo);
    settings.refuseWhenPaused('deposits');
    await requestDeposit(db, uploads, {
      userId, lang, type: DEPOSIT_TYPE.coin, channelId: q.charge_id, amount: q.number, proof: q.proofImg, address: q.address, reference: q.reference,
      requestId: q.request_id,
    });
    return null;
  }, { successMsg: 'deposit_submitted' });
  route(calls.depositWire, async (q, { userId, isDemo, lang }) => {
    realOnly(isDemo);
    settings.refuseWhenPaused('deposits');
    await requestDeposit(db, uploads, {
      userId, lang, type: DEPOSIT_TYPE.bank, channelId: q.wire_id, amount: q.number, proof: q.proofImg, reference: q.reference,
      requestId: q.request_id,
    });
    return null;
  }, { successMsg: 'deposit_submitted' });
  route(calls.depositHistory, async ({ type, page, limit = PAGE }, { userId, isDemo }) => {
    realOnly(isDemo);
    const { rows, total } = await depositHistory(db, userId, type, page, limit);
    return { data: rows.map(depositView), total };
  });

  route(calls.withdrawCurrencies, async ({ type }, { isDemo }) => {
    realOnly(isDemo);
    return (await activeCurrencies(db, type)).map(currencyView);
  });
  route(calls.withdraw, async (q, { userId, isDemo, lang }) => {
    realOnly(isDemo);
    settings.refuseWhenPaused('withdrawals');
    if (settings.withdrawNeedsIdentity && !(await isVerified(db, userId))) refuse('identity_required');
    const { row, repeated } = await requestWithdrawal(db, openTrades, {
      userId, lang, currencyId: q.draw_currency_id, methodId: q.draw_method_id, amount: q.number, memo: q.memo, requestId: q.request_id,
      fourEyesThreshold: settings.fourEyesThreshold,
    });
    if (repeated) return null;
    void notify({ to: await emailOf(userId), lang, subject: 'mail_withdraw_subject', body: 'mail_withdraw_requested', params: requestParams(row.id, row.amount) });
    return null;
  }, { successMsg: 'withdraw_submitted' });
  route(calls.withdrawCancel, async ({ id }, { userId, isDemo, lang }) => {
    realOnly(isDemo);
    const row = await ledger.transaction(db, (tx) => cancelWithdrawal(tx, userId, id));
    void notify({ to: await emailOf(userId), lang, subject: 'mail_withdraw_subject', body: 'mail_withdraw_cancelled', params: requestParams(row.id, row.amount) });
    return null;
  }, { successMsg: 'withdraw_cancelled' });
  route(calls.withdrawHistory, async ({ type, page, limit = PAGE }, { userId, isDemo, lang }) => {
    realOnly(isDemo);
    const { rows, total } = await withdrawalHistory(db, userId, type, page, limit);
    const [currencies, methods] = await Promise.all([currenciesById(db, rows.map((r) => r.currencyId)), methodsById(db, rows.map((r) => r.methodId))]);
    return { data: rows.map((r) => withdrawalView(lang, r, currencies.get(r.currencyId), methods.get(r.methodId))), total };
  });

  route(calls.withdrawWays, async ({ draw_type, draw_id }, { userId, isDemo }) => {
    realOnly(isDemo);
    const rows = await methodsOf(db, userId, draw_type, draw_id);
    const currencies = await currenciesById(db, rows.map((r) => r.currencyId));
    return rows.map((r) => methodView(r, currencies.get(r.currencyId)));
  });
  route(calls.bindWithdrawWay, async (q, { userId, isDemo, lang }) => {
    realOnly(isDemo);
    const row = await bindMethod(db, userId, {
      currencyId: q.draw_id, type: q.type, dcAddress: q.dc_address, bankName: q.bank_name, bankAddress: q.bank_address,
      bankSwift: q.bank_swift, payeeName: q.payee_name, payeeAccount: q.payee_account,
    });
    const view = methodView(row, await currencyById(db, row.currencyId));
    const method = `${view.draw_currency.code} ${view.dc_address ?? view.payee_account ?? ''}`.trim();
    void notify({ to: await emailOf(userId), lang, subject: 'mail_bind_subject', body: 'mail_bind_body', params: { method } });
    return null;
  }, { successMsg: 'payout_method_bound' });
  route(calls.unbindWithdrawWay, async ({ id }, { userId, isDemo }) => {
    realOnly(isDemo);
    await archiveMethod(db, userId, id);
    return null;
  }, { successMsg: 'payout_method_deleted' });
}
