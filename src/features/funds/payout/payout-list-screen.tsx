import { useMemo } from 'react';
import { fundsMessages } from '../messages';
import '../../../shared/ui/requests.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { DRAW_TYPE } from '../../../../contract/funds';
import { connectPayoutMethods } from '../../../../machines/funds/payout-methods.connect';
import type { DrawType } from '../../../../machines/funds/withdraw';
import { wayLabel } from '../../../../machines/funds/withdraw.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Icon } from '../../../shared/ui/icons';
import { SCREEN_ICONS } from '../../../shared/ui/screen-icons';
import { Page } from '../../../shared/ui/page';
import { payoutMethodsFlow } from '../funds-flows';

// The funds strings come with the first funds screen.
await fundsMessages;

/** /mine/coin-address-list (type 1) and /mine/bank-card-list (type 2): bound payout methods, delete after a yes. */
export default function PayoutListScreen({ type }: { type: DrawType }) {
  const intl = useIntl();
  const methods = useFlow(useMemo(payoutMethodsFlow, []), { type });
  const view = useView(methods, connectPayoutMethods);
  const title = intl.formatMessage({ id: type === DRAW_TYPE.address ? 'screen.coinAddresses' : 'screen.bankCards' });
  const add = (
    <Link href={`/mine/withdraw-way?type=${type}`} className="icon-btn" aria-label={intl.formatMessage({ id: 'screen.withdrawWay' })}>
      <Icon d={SCREEN_ICONS.plus} />
    </Link>
  );
  return (
    <Page title={title} actions={add}>
      <div className="content">
        {view.isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
        {view.isFailed && (
          <div className="empty">
            <p><FormattedMessage id="common.loadFailed" /></p>
            <button type="button" className="btn secondary" onClick={() => methods.send({ type: 'RETRY' })}><FormattedMessage id="common.retry" /></button>
          </div>
        )}
        {view.isEmpty && <p className="empty"><FormattedMessage id="payout.empty" /></p>}
        {view.ways.length > 0 && (
          <ul className="menu">
            {view.ways.map((w) => (
              <li key={w.id} className="way-row" data-testid="payout-row">
                <span id={`way-${w.id}`}>
                  <strong>{w.draw_currency.code} · {w.draw_currency.protocol}</strong><br />
                  <span className="muted">{wayLabel(w)}</span>
                  {w.payee_name && <><br /><span className="muted">{w.payee_name}</span></>}
                </span>
                <button type="button" className="icon-btn" aria-label={intl.formatMessage({ id: 'payout.delete' })} aria-describedby={`way-${w.id}`}
                  disabled={view.isDeleting} onClick={() => methods.send({ type: 'DELETE.ASK', id: w.id })}>
                  <Icon d={SCREEN_ICONS.trash} size={20} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog open={view.isConfirming} text={intl.formatMessage({ id: 'payout.deleteConfirm' })} confirmLabel={intl.formatMessage({ id: 'payout.delete' })}
        onConfirm={() => methods.send({ type: 'DELETE.ACCEPT' })} onCancel={() => methods.send({ type: 'DELETE.CANCEL' })} />
    </Page>
  );
}
