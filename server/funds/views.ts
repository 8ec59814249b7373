import type { BankAccount, DepositNetwork, WithdrawCurrency, WithdrawRecord, WithdrawWay, DepositRecord } from '../../contract/funds';
import type { Language } from '../../contract/fields';
import { atLeastPlaces } from '../../domain/decimal';
import { wireTime } from '../market/market';
import { translate } from '../platform/i18n/messages';
import { maskAccount, maskAddress } from './addresses';
import type { DepositRow, PayoutMethodRow, WithdrawalRow, WithdrawCurrencyRow } from './schema';
import type { bankCoins, depositNetworks, wireAccounts } from './schema';

/** Rows as the trader's calls answer them (snake_case, as the spec names funds objects). */
export const networkView = (n: typeof depositNetworks.$inferSelect): DepositNetwork => ({
  id: n.id, address: n.address, currency_code: n.currencyCode, protocol_code: n.protocolCode,
});

export const bankCoinView = (c: typeof bankCoins.$inferSelect) => ({ id: c.id, name: c.name });

export const wireAccountView = (w: typeof wireAccounts.$inferSelect): BankAccount => ({
  id: w.id, bank_name: w.bankName, bank_address: w.bankAddress, bank_swift: w.bankSwift,
  payee_name: w.payeeName, payee_account: w.payeeAccount, bank_remark: w.bankRemark,
});

export const currencyView = (c: WithdrawCurrencyRow): WithdrawCurrency => ({
  id: c.id, code: c.code, protocol: c.protocol, draw_rate: c.drawRate, fee_type: c.feeType, usd_price: atLeastPlaces(c.usdPrice, 6),
});

/** Stored details are shown masked: enough to recognise, not enough to copy. */
export const methodView = (m: PayoutMethodRow, currency: WithdrawCurrencyRow | undefined): WithdrawWay => ({
  id: m.id,
  ...(m.dcAddress ? { dc_address: maskAddress(m.dcAddress) } : {}),
  ...(m.type === 2 ? {
    bank_name: m.bankName ?? '', bank_address: m.bankAddress ?? '', bank_swift: m.bankSwift ?? '',
    payee_name: m.payeeName ?? '', payee_account: maskAccount(m.payeeAccount ?? ''),
  } : {}),
  draw_currency: { code: currency?.code ?? '', protocol: currency?.protocol ?? '' },
});

export const depositView = (d: DepositRow): DepositRecord => ({
  id: d.id, number: d.amount, type: d.type, currency_code: d.currencyCode, status: d.status as DepositRecord['status'],
  created_at: wireTime(d.createdAt), resolved_at: d.reviewedAt ? wireTime(d.reviewedAt) : null, remark: d.remark,
});

export const withdrawalView = (
  lang: Language, w: WithdrawalRow, currency: WithdrawCurrencyRow | undefined, method: PayoutMethodRow | undefined,
): WithdrawRecord => ({
  id: w.id, number: w.amount, real_number: w.received, fee: w.fee,
  draw_currency: { code: currency?.code ?? '' },
  status: w.status as WithdrawRecord['status'],
  status_name: translate(lang, `withdraw_status_${w.status}` as never),
  created_at: wireTime(w.createdAt),
  resolved_at: w.resolvedAt && wireTime(w.resolvedAt),
  txid: w.status === 'paid' ? w.txid : null,
  type: w.type,
  address: method?.dcAddress ? maskAddress(method.dcAddress) : null,
  payee_account: method?.payeeAccount ? maskAccount(method.payeeAccount) : null,
  notes: w.memo,
  reason: w.reason,
});
