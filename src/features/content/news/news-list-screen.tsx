import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { connectNewsList } from '../../../../machines/content/news-list.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { ListEnd } from '../../../shared/ui/list-end';
import { Retry } from '../../../shared/ui/retry';
import { Page } from '../../../shared/ui/page';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { WireTime } from '../../../shared/ui/wire-time';
import { newsListFlow } from '../content-flows';
import { contentMessages } from '../messages';
import '../content.css';

await contentMessages;

/** /news: the news page by page; a row opens its detail. */
export default function NewsListScreen() {
  const intl = useIntl();
  const list = useFlow(useMemo(newsListFlow, []));
  const { items, isLoading, failedAt, isFinished, empty, skeletonRows } = useView(list, connectNewsList);
  const refresh = useCallback(() => list.send({ type: 'LIST.REFRESH' }), [list]);
  const more = useCallback(() => list.send({ type: 'LIST.MORE' }), [list]);

  return (
    <Page title={intl.formatMessage({ id: 'screen.news' })}>
      <PullToRefresh onRefresh={refresh}>
        {failedAt === 'list' && <Retry onRetry={refresh} />}
        {empty === 'none' && <p className="empty"><FormattedMessage id="common.noData" /></p>}
        <ul className="news-list" aria-busy={skeletonRows > 0} data-testid="news-list">
          {Array.from({ length: skeletonRows }, (_, i) => (
            <li key={`s${i}`} className="news-row skeleton"><span /><span /></li>
          ))}
          {items.map((n) => (
            <li key={n.Id} className="news-row">
              <Link href={`/news/detail?id=${n.id}`}>
                {n.logo && <img src={n.logo} alt="" loading="lazy" />}
                <div>
                  <h2 dir="auto">{n.title}</h2>
                  {n.desc && <p dir="auto">{n.desc}</p>}
                  <small className="muted"><WireTime value={n.created_at} /></small>
                </div>
              </Link>
            </li>
          ))}
          {items.length > 0 && <ListEnd finished={isFinished} loading={isLoading} failed={failedAt === 'end'} rows={items.length} onVisible={more} />}
        </ul>
      </PullToRefresh>
    </Page>
  );
}
