import { FormattedMessage, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { connectNewsDetail } from '../../../../machines/content/news-detail.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { queryParams } from '../../../shared/navigation/navigation';
import { Page } from '../../../shared/ui/page';
import { WireTime } from '../../../shared/ui/wire-time';
import { newsDetailFlow } from '../content-flows';
import { contentMessages } from '../messages';
import '../content.css';

await contentMessages;

/**
 * /news/detail?id=: the item, its HTML cleaned in the browser before it is shown. Another id in the
 * address (also one set after the hash) is another item: its flow starts afresh.
 */
export default function NewsDetailScreen() {
  useSearch(); // the item lives in the query: render again when it changes
  const id = Number(queryParams().get('id'));
  return <NewsDetail key={id} id={Number.isFinite(id) ? id : undefined} />;
}

function NewsDetail({ id }: { id: number | undefined }) {
  const intl = useIntl();
  const flow = useFlow(newsDetailFlow, { id });
  const view = useView(flow, connectNewsDetail);

  return (
    <Page title={intl.formatMessage({ id: 'screen.newsDetail' })}>
      {view.isLoading && <p className="empty" aria-busy="true"><FormattedMessage id="common.loading" /></p>}
      {view.isMissing && <p className="empty"><FormattedMessage id="news.missing" /></p>}
      {view.isFailed && (
        <div className="empty">
          <p><FormattedMessage id="common.loadFailed" /></p>
          <button type="button" className="btn secondary" onClick={() => flow.send({ type: 'RETRY' })}><FormattedMessage id="common.retry" /></button>
        </div>
      )}
      {view.isShown && (
        <article className="news-article" data-testid="news-article">
          <h1 dir="auto">{view.title}</h1>
          <p className="muted"><WireTime value={view.date} /></p>
          {/* Cleaned twice: by the server on save and by DOMPurify here (news-sanitizer.ts). Laid out in
              the article's own direction (its first letters'), so an English table is not mirrored in Arabic. */}
          <div dir="auto" dangerouslySetInnerHTML={{ __html: view.html }} />
        </article>
      )}
    </Page>
  );
}
