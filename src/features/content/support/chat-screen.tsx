import { FormattedMessage, useIntl } from 'react-intl';
import { connectSupport } from '../../../../machines/content/support.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { currentToken } from '../../../shared/session/session';
import { Page } from '../../../shared/ui/page';
import { supportFlow } from '../content-flows';
import { contentMessages } from '../messages';
import { copyText } from '../../../shared/ui/copy-text';
import { Retry } from '../../../shared/ui/retry';
import '../content.css';

await contentMessages;

/**
 * Sandboxed: the support page runs its own scripts and forms on its own origin, and may open its
 * links in new tabs, but cannot navigate this app or reach its storage.
 */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

/** /mine/chat: customer service, by the support link's type (spec section 2). */
export default function ChatScreen() {
  const intl = useIntl();
  const flow = useFlow(supportFlow, { signedIn: currentToken() !== undefined });
  const view = useView(flow, connectSupport);
  const title = intl.formatMessage({ id: 'screen.chat' });

  return (
    <Page title={title}>
      {view.isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
      {view.isFailed && <Retry onRetry={() => flow.send({ type: 'RETRY' })} />}
      {view.mode === 'unavailable' && <p className="empty"><FormattedMessage id="chat.unavailable" /></p>}
      {view.mode === 'leaving' && <p className="empty"><FormattedMessage id="chat.opening" /></p>}
      {view.mode === 'link' && (
        <div className="content">
          <section className="card">
            <p className="muted"><FormattedMessage id="chat.linkIntro" /></p>
            <p className="copy-line"><a href={view.link} target="_blank" rel="noopener noreferrer" dir="ltr" data-testid="support-link">{view.link}</a></p>
          </section>
          <button type="button" className="btn" onClick={() => copyText(view.link)}><FormattedMessage id="chat.copyLink" /></button>
        </div>
      )}
      {view.mode === 'chat' && (
        <iframe className="support-frame" title={title} src={view.frameSrc} sandbox={FRAME_SANDBOX}
          referrerPolicy="strict-origin" allow="clipboard-write" data-testid="support-frame" />
      )}
    </Page>
  );
}
