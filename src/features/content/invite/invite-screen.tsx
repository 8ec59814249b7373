import { QRCodeSVG } from 'qrcode.react';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectInvite } from '../../../../machines/content/small-screens.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Page } from '../../../shared/ui/page';
import { inviteFlow } from '../content-flows';
import { contentMessages } from '../messages';
import { copyText } from '../../../shared/ui/copy-text';
import { Retry } from '../../../shared/ui/retry';
import '../content.css';

await contentMessages;

/** /mine/invite: the trader's code, its registration link as a QR code, and how many joined. */
export default function InviteScreen() {
  const intl = useIntl();
  const flow = useFlow(inviteFlow);
  const view = useView(flow, connectInvite);

  return (
    <Page title={intl.formatMessage({ id: 'screen.invite' })}>
      <div className="content">
        {view.isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
        {view.isFailed && <Retry onRetry={() => flow.send({ type: 'RETRY' })} />}
        {view.link && (
          <>
            <section className="card">
              <p className="muted"><FormattedMessage id="invite.yourCode" /></p>
              <p className="invite-code" data-testid="invite-code" dir="ltr">{view.code}</p>
            </section>
            <div className="invite-qr" data-testid="invite-qr" data-link={view.link}>
              <QRCodeSVG value={view.link} size={160} level="H" role="img" aria-label={intl.formatMessage({ id: 'invite.qrTitle' })} title={intl.formatMessage({ id: 'invite.qrTitle' })} />
            </div>
            <p className="notice" style={{ textAlign: 'center' }}><FormattedMessage id="invite.scan" /></p>
            <button type="button" className="btn" onClick={() => copyText(view.link)}><FormattedMessage id="invite.copyLink" /></button>
            <p className="muted" data-testid="invite-count" style={{ textAlign: 'center' }}>
              <FormattedMessage id="invite.joined" values={{ count: view.invited }} />
            </p>
          </>
        )}
      </div>
    </Page>
  );
}
