import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectConfirm } from '../../../../machines/shared/confirm.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Page } from '../../../shared/ui/page';
import { logoutFlow } from '../account-flows';

/** "Other": logout with confirmation (spec section 2). */
export default function SystemScreen() {
  const intl = useIntl();
  const confirm = useFlow(useMemo(logoutFlow, []));
  const { isOpen } = useView(confirm, connectConfirm);
  return (
    <Page title={intl.formatMessage({ id: 'system.title' })}>
      <div className="content">
        <p className="muted"><FormattedMessage id="system.version" values={{ version: __APP_VERSION__ }} /></p>
        <button type="button" className="btn danger" onClick={() => confirm.send({ type: 'CONFIRM.OPEN' })}>
          <FormattedMessage id="system.logout" />
        </button>
      </div>
      <ConfirmDialog open={isOpen} text={intl.formatMessage({ id: 'system.logoutConfirm' })} confirmLabel={intl.formatMessage({ id: 'system.logout' })}
        onConfirm={() => confirm.send({ type: 'CONFIRM.ACCEPT' })} onCancel={() => confirm.send({ type: 'CONFIRM.CANCEL' })} />
    </Page>
  );
}
