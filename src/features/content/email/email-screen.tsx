import { FormattedMessage, useIntl } from 'react-intl';
import { connectComplaintEmail } from '../../../../machines/content/small-screens.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Icon } from '../../../shared/ui/icons';
import { SCREEN_ICONS } from '../../../shared/ui/screen-icons';
import { Page } from '../../../shared/ui/page';
import { complaintEmailFlow } from '../content-flows';
import { contentMessages } from '../messages';
import { copyText } from '../../../shared/ui/copy-text';
import { Retry } from '../../../shared/ui/retry';
import '../content.css';

await contentMessages;

/** /mine/email: where complaints go, with a copy button. */
export default function EmailScreen() {
  const intl = useIntl();
  const flow = useFlow(complaintEmailFlow);
  const view = useView(flow, connectComplaintEmail);

  return (
    <Page title={intl.formatMessage({ id: 'screen.email' })}>
      <div className="content">
        {view.isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
        {view.isFailed && <Retry onRetry={() => flow.send({ type: 'RETRY' })} />}
        {!view.isLoading && !view.isFailed && (
          view.email ? (
            <section className="card">
              <p className="muted"><FormattedMessage id="email.intro" /></p>
              <div className="copy-line">
                <a href={`mailto:${view.email}`} data-testid="complaint-email" dir="ltr">{view.email}</a>
                <button type="button" className="icon-btn" aria-label={intl.formatMessage({ id: 'common.copy' })} onClick={() => copyText(view.email)}>
                  <Icon d={SCREEN_ICONS.copy} size={18} />
                </button>
              </div>
            </section>
          ) : <p className="empty"><FormattedMessage id="email.none" /></p>
        )}
      </div>
    </Page>
  );
}
