import { FormattedMessage, useIntl } from 'react-intl';
import type { WithdrawEvent } from '../../../../machines/funds/withdraw';
import { wayLabel, type WithdrawView } from '../../../../machines/funds/withdraw.connect';
import { Amount } from '../../../shared/ui/amount';
import { Retry } from '../../../shared/ui/retry';
import { Field, Problem } from '../../../shared/ui/form';

/** Currency, payout method, amount and memo, with the live fee and received preview. */
export function WithdrawForm({ view, send }: { view: WithdrawView; send: (event: WithdrawEvent) => void }) {
  const intl = useIntl();
  if (view.isLoading) return <p className="empty"><FormattedMessage id="common.loading" /></p>;
  if (view.isFailed) return <Retry onRetry={() => send({ type: 'RETRY' })} />;
  return (
    <form className="content" style={{ padding: 0 }} onSubmit={(e) => { e.preventDefault(); send({ type: 'WITHDRAW.SUBMIT' }); }}>
      <div className="field">
        <span className="muted"><FormattedMessage id="withdraw.currency" /></span>
        {view.currencies.length === 0 ? <p className="muted"><FormattedMessage id="common.noData" /></p> : (
          <div className="chips" style={{ padding: 0, background: 'none' }}>
            {view.currencies.map((c) => (
              <button key={c.id} type="button" className="chip" aria-pressed={c.id === view.currency?.id} onClick={() => send({ type: 'CURRENCY.SELECT', id: c.id })}>
                {c.code} · {c.protocol}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="field">
        <label htmlFor="withdraw-way"><FormattedMessage id="withdraw.way" /></label>
        <select id="withdraw-way" className="input" value={view.wayId ?? ''} disabled={view.isLoadingWays || view.ways.length === 0}
          onChange={(e) => send({ type: 'WAY.SELECT', id: Number(e.target.value) })}>
          {view.ways.length === 0 && <option value="">{intl.formatMessage({ id: view.isLoadingWays ? 'common.loading' : 'withdraw.noWay' })}</option>}
          {view.ways.map((w) => <option key={w.id} value={w.id}>{wayLabel(w)}</option>)}
        </select>
      </div>
      <Field label={intl.formatMessage({ id: 'withdraw.amount' })} inputMode="decimal" autoComplete="off" value={view.amount}
        placeholder={intl.formatMessage({ id: 'deposit.amountPlaceholder' })}
        onChange={(e) => send({ type: 'AMOUNT.CHANGE', value: e.target.value })} />
      <Field label={intl.formatMessage({ id: 'withdraw.memo' })} autoComplete="off" maxLength={255} value={view.memo}
        onChange={(e) => send({ type: 'MEMO.CHANGE', value: e.target.value })} />
      <dl className="preview" data-testid="withdraw-preview">
        <dt><FormattedMessage id="withdraw.fee" /></dt><dd><Amount value={view.preview?.fee} dp={2} /></dd>
        <dt><FormattedMessage id="withdraw.received" values={{ code: view.currency?.code ?? '' }} /></dt>
        <dd><Amount value={view.preview?.received} dp={2} upTo={6} /></dd>
      </dl>
      {view.pastCent && <p className="muted" data-testid="amount-past-cent"><FormattedMessage id="withdraw.pastCent" /></p>}
      <Problem problem={view.problem} />
      <button type="submit" className="btn" disabled={view.isSubmitting}><FormattedMessage id="withdraw.submit" /></button>
    </form>
  );
}
