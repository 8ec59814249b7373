import { useMemo } from 'react';
import { fundsMessages } from '../messages';
import '../../../shared/ui/requests.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectBindWay } from '../../../../machines/funds/bind-way.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Field, Problem } from '../../../shared/ui/form';
import { Page } from '../../../shared/ui/page';
import { bindWayFlow } from '../funds-flows';
import { currencyQuery, drawTypeQuery } from '../payout-query';

// The funds strings come with the first funds screen.
await fundsMessages;

/** /mine/withdraw-way?type=1|2: bind a coin address or a bank account for one currency, then back. */
export default function BindWayScreen() {
  const intl = useIntl();
  const bind = useFlow(useMemo(bindWayFlow, []), { type: drawTypeQuery(), currencyId: currencyQuery() });
  const view = useView(bind, connectBindWay);
  return (
    <Page title={intl.formatMessage({ id: 'screen.withdrawWay' })}>
      {view.isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
      {view.isFailed && (
        <div className="empty">
          <p><FormattedMessage id="common.loadFailed" /></p>
          <button type="button" className="btn secondary" onClick={() => bind.send({ type: 'RETRY' })}><FormattedMessage id="common.retry" /></button>
        </div>
      )}
      {!view.isLoading && !view.isFailed && (
        <form className="content" onSubmit={(e) => { e.preventDefault(); bind.send({ type: 'BIND.SUBMIT' }); }}>
          <div className="field">
            <span className="muted"><FormattedMessage id="withdraw.currency" /></span>
            {view.currencies.length === 0 ? <p className="muted"><FormattedMessage id="common.noData" /></p> : (
              <div className="chips" style={{ padding: 0, background: 'none' }}>
                {view.currencies.map((c) => (
                  <button key={c.id} type="button" className="chip" aria-pressed={c.id === view.currencyId} onClick={() => bind.send({ type: 'CURRENCY.SELECT', id: c.id })}>
                    {c.code} · {c.protocol}
                  </button>
                ))}
              </div>
            )}
          </div>
          {view.inputs.map((input) => (
            <Field key={input.name} label={intl.formatMessage({ id: `bind.${input.name}` })} autoComplete="off" value={input.value}
              aria-required={input.required} dir={input.ltr ? 'ltr' : undefined}
              onChange={(e) => bind.send({ type: 'FIELD.CHANGE', field: input.name, value: e.target.value })} />
          ))}
          <Problem problem={view.problem} />
          <button type="submit" className="btn" disabled={view.isBinding}><FormattedMessage id="bind.submit" /></button>
        </form>
      )}
    </Page>
  );
}
