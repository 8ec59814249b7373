import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { BankAccount } from '../../../../contract/funds';
import type { DepositEvent } from '../../../../machines/funds/deposit';
import type { DepositView } from '../../../../machines/funds/deposit.connect';
import type { uploadMachine } from '../../../../machines/shared/upload';
import { Retry } from '../../../shared/ui/retry';
import { Field, Problem } from '../../../shared/ui/form';
import { ImagePicker } from '../../../shared/ui/image-picker';
import { CopyValue } from '../copy-value';

type Send = (event: DepositEvent) => void;

/** The tab's channel (network or bank account), then amount, reference, proof and submit. */
export function DepositForm({ view, send, proof }: { view: DepositView; send: Send; proof: ActorRefFrom<typeof uploadMachine> | undefined }) {
  const intl = useIntl();
  if (view.isLoading) return <p className="empty"><FormattedMessage id="common.loading" /></p>;
  if (view.isFailed) return <Retry onRetry={() => send({ type: 'RETRY' })} />;
  return (
    <form className="content" style={{ padding: 0 }} onSubmit={(e) => { e.preventDefault(); send({ type: 'DEPOSIT.SUBMIT' }); }}>
      {view.tab === 'coin' ? <CoinChannel view={view} send={send} /> : <BankChannel view={view} send={send} />}
      <Field label={intl.formatMessage({ id: 'deposit.amount' })} inputMode="decimal" autoComplete="off" value={view.amount}
        placeholder={intl.formatMessage({ id: 'deposit.amountPlaceholder' })}
        onChange={(e) => send({ type: 'AMOUNT.CHANGE', value: e.target.value })} />
      <Field label={intl.formatMessage({ id: view.tab === 'coin' ? 'deposit.hash' : 'deposit.bankReference' })} autoComplete="off" dir="ltr"
        value={view.reference} maxLength={128} onChange={(e) => send({ type: 'REFERENCE.CHANGE', value: e.target.value })} />
      <ImagePicker upload={proof} label={intl.formatMessage({ id: 'deposit.proof' })} />
      <Problem problem={view.problem} />
      <button type="submit" className="btn" disabled={view.isSubmitting}><FormattedMessage id="deposit.submit" /></button>
    </form>
  );
}

function CoinChannel({ view, send }: { view: DepositView; send: Send }) {
  const n = view.network;
  return (
    <>
      <div className="field">
        <span className="muted"><FormattedMessage id="deposit.network" /></span>
        {view.networks.length === 0 ? <p className="muted"><FormattedMessage id="common.noData" /></p> : (
          <div className="chips" style={{ padding: 0, background: 'none' }}>
            {view.networks.map((x) => (
              <button key={x.id} type="button" className="chip" aria-pressed={x.id === n?.id} onClick={() => send({ type: 'NETWORK.SELECT', id: x.id })}>
                {x.currency_code} · {x.protocol_code}
              </button>
            ))}
          </div>
        )}
      </div>
      {n && (
        <section className="card">
          <dl className="preview">
            <dt><FormattedMessage id="deposit.currency" /></dt><dd>{n.currency_code}</dd>
            <dt><FormattedMessage id="deposit.protocol" /></dt><dd>{n.protocol_code}</dd>
            <dt><FormattedMessage id="deposit.address" /></dt><dd><CopyValue value={n.address} /></dd>
          </dl>
        </section>
      )}
    </>
  );
}

const BANK_DETAILS: { key: keyof BankAccount; label: string }[] = [
  { key: 'bank_name', label: 'bank.name' },
  { key: 'bank_address', label: 'bank.address' },
  { key: 'bank_swift', label: 'bank.swift' },
  { key: 'payee_name', label: 'bank.payee' },
  { key: 'payee_account', label: 'bank.account' },
  { key: 'bank_remark', label: 'bank.remark' },
];

function BankChannel({ view, send }: { view: DepositView; send: Send }) {
  const a = view.bankAccount;
  return (
    <>
      <div className="field">
        <span className="muted"><FormattedMessage id="deposit.bankCoin" /></span>
        {view.bankCoins.length === 0 ? <p className="muted"><FormattedMessage id="common.noData" /></p> : (
          <div className="chips" style={{ padding: 0, background: 'none' }}>
            {view.bankCoins.map((c) => (
              <button key={c.id} type="button" className="chip" aria-pressed={c.id === view.bankCoinId} onClick={() => send({ type: 'BANK_COIN.SELECT', id: c.id })}>
                {c.name}
              </button>
            ))}
          </div>
        )}
      </div>
      {view.bankCoinId !== undefined && (
        <div className="field">
          <span className="muted"><FormattedMessage id="deposit.bankAccount" /></span>
          {view.isLoadingAccounts ? <p className="muted"><FormattedMessage id="common.loading" /></p>
            : view.bankAccounts.length === 0 ? <p className="muted"><FormattedMessage id="common.noData" /></p> : (
              <ul className="choice-list">
                {view.bankAccounts.map((x) => (
                  <li key={x.id}>
                    <button type="button" aria-pressed={x.id === a?.id} onClick={() => send({ type: 'BANK_ACCOUNT.SELECT', id: x.id })}>
                      <bdi>{x.bank_name}</bdi> · <bdi dir="ltr">{x.payee_account}</bdi>
                    </button>
                  </li>
                ))}
              </ul>
            )}
        </div>
      )}
      {a && (
        <section className="card">
          <dl className="preview">
            {BANK_DETAILS.filter((d) => a[d.key]).map((d) => (
              <FragmentRow key={d.key} label={d.label} value={String(a[d.key])} />
            ))}
          </dl>
        </section>
      )}
    </>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt><FormattedMessage id={label} /></dt>
      <dd><CopyValue value={value} /></dd>
    </>
  );
}
