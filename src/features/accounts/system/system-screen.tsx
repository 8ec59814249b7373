import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { confirmMachine } from '../../../../machines/shared/confirm';
import { sessionActor } from '../../../shared/session/session';
import { useFlow } from '../../../shared/flow/use-flow';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Page } from '../../../shared/ui/page';

/** "Other": logout with confirmation (spec section 2). */
export default function SystemScreen() {
  const intl = useIntl();
  const confirm = useFlow(useMemo(() => confirmMachine.provide({ actions: { accepted: () => sessionActor().send({ type: 'SESSION.LOGOUT' }) } }), []));
  const open = useSelector(confirm, (s) => s.matches('open'));
  return (
    <Page title={intl.formatMessage({ id: 'system.title' })}>
      <div className="content">
        <p className="muted"><FormattedMessage id="system.version" values={{ version: __APP_VERSION__ }} /></p>
        <button type="button" className="btn danger" onClick={() => confirm.send({ type: 'CONFIRM.OPEN' })}>
          <FormattedMessage id="system.logout" />
        </button>
      </div>
      <ConfirmDialog open={open} text={intl.formatMessage({ id: 'system.logoutConfirm' })} confirmLabel={intl.formatMessage({ id: 'system.logout' })}
        onConfirm={() => confirm.send({ type: 'CONFIRM.ACCEPT' })} onCancel={() => confirm.send({ type: 'CONFIRM.CANCEL' })} />
    </Page>
  );
}
