import { FormattedMessage, useIntl } from 'react-intl';
import { connectAnnouncement } from '../../../../machines/content/small-screens.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Page } from '../../../shared/ui/page';
import { announcementFlow } from '../content-flows';
import { contentMessages } from '../messages';
import { Retry } from '../../../shared/ui/retry';
import '../content.css';

await contentMessages;

/** /mine/announcement: the text staff set; the demo site says so in red. */
export default function AnnouncementScreen() {
  const intl = useIntl();
  const flow = useFlow(announcementFlow);
  const view = useView(flow, connectAnnouncement);

  return (
    <Page title={intl.formatMessage({ id: 'screen.announcement' })}>
      <div className="content">
        {view.isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
        {view.isFailed && <Retry onRetry={() => flow.send({ type: 'RETRY' })} />}
        {!view.isLoading && !view.isFailed && (
          <section className="card" data-testid="announcement">
            {view.isDemoSite && <p className="demo-marker"><FormattedMessage id="announcement.demo" /></p>}
            {view.text ? <p className="announcement-text">{view.text}</p> : <p className="muted"><FormattedMessage id="announcement.none" /></p>}
          </section>
        )}
      </div>
    </Page>
  );
}
