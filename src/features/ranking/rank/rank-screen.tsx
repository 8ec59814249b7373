import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { connectRanking } from '../../../../machines/ranking/ranking.connect';
import type { RankRow } from '../../../../machines/ranking/ranking';
import { useFlow } from '../../../shared/flow/use-flow';
import { Amount } from '../../../shared/ui/amount';
import { ListEnd } from '../../../shared/ui/list-end';
import { Page } from '../../../shared/ui/page';
import { PullToRefresh } from '../../../shared/ui/pull-to-refresh';
import { rankingMessages } from '../messages';
import { rankingFlow } from '../ranking-flows';
import { Curve } from './curve';
import { MARKET_ZONE } from '../../../../domain/candles';
import './ranking.css';

await rankingMessages;

const percent = (value: number) => <FormattedNumber value={value / 100} style="percent" minimumFractionDigits={2} maximumFractionDigits={2} />;
const tone = (value: number) => (value >= 0 ? 'rise' : 'fall');

/** /rank: real traders by their three-week return, as of the last run, with a past-performance note. */
export default function RankScreen() {
  const intl = useIntl();
  const ranking = useFlow(useMemo(rankingFlow, []));
  const snapshot = useSelector(ranking, (s) => s);
  const view = connectRanking(snapshot, useSelector(snapshot.children.list, (s) => s));
  const refresh = useCallback(() => ranking.send({ type: 'LIST.REFRESH' }), [ranking]);
  const more = useCallback(() => ranking.send({ type: 'LIST.MORE' }), [ranking]);

  return (
    <Page title={intl.formatMessage({ id: 'screen.rank' })} back={false}>
      <PullToRefresh onRefresh={refresh}>
        <p className="muted rank-as-of" data-testid="rank-as-of">
          {view.asOf
            ? <FormattedMessage id="rank.asOf" values={{ time: <FormattedDate value={view.asOf} year="numeric" month="short" day="numeric" hour="numeric" minute="2-digit" timeZone={MARKET_ZONE} timeZoneName="short" /> }} />
            : view.empty !== 'loading' && <FormattedMessage id="rank.notYet" />}
        </p>
        {view.failedAt === 'list' && <p className="empty"><FormattedMessage id="common.loadFailed" /></p>}
        {view.empty === 'none' && <p className="empty"><FormattedMessage id="common.noData" /></p>}
        {view.empty === 'loading' ? <SkeletonRows /> : (
          <ul className="rank-list">
            {view.rows.map((row) => <RankItem key={row.Id} row={row} onTap={() => ranking.send({ type: 'ROW.TAP', id: row.Id })} />)}
            {view.rows.length > 0 && <ListEnd finished={view.isFinished} loading={view.isLoading} failed={view.failedAt === 'end'} rows={view.rows.length} onVisible={more} />}
          </ul>
        )}
        {view.minTrades && view.days && (
          <p className="muted rank-note" data-testid="rank-note">
            <FormattedMessage id="rank.note" values={{ trades: view.minTrades, days: view.days }} />
          </p>
        )}
      </PullToRefresh>
      {view.comingSoon && <div className="rank-notice" role="status" data-testid="rank-notice"><FormattedMessage id="common.comingSoon" /></div>}
    </Page>
  );
}

function RankItem({ row, onTap }: { row: RankRow; onTap: () => void }) {
  return (
    <li>
      <button type="button" className="rank-row" data-code={row.code} onClick={onTap}>
        <span className="rank-place">{row.Id}</span>
        <span className="rank-who">
          {/* Masked as "tr***42": left to right in every language, or Arabic shows "***tr". */}
          <strong dir="ltr">{row.user}</strong>
          <small className="muted" dir="ltr">{row.code}</small>
          <Curve points={row.curve} />
        </span>
        <span className="rank-main">
          <strong className={tone(row.three_week_rate)} data-testid="rank-rate">{percent(row.three_week_rate)}</strong>
          <small className="muted"><FormattedMessage id="rank.threeWeekRate" /></small>
        </span>
        <dl className="rank-figures">
          <dt><FormattedMessage id="rank.winRate" /></dt><dd>{percent(row.three_week_win)}</dd>
          <dt><FormattedMessage id="rank.threeWeekProfit" /></dt><dd className={tone(Number(row.three_week_profit))}><Amount value={row.three_week_profit} dp={2} /></dd>
          <dt><FormattedMessage id="rank.totalRate" /></dt><dd className={tone(row.total_rate)}>{percent(row.total_rate)}</dd>
          <dt><FormattedMessage id="rank.totalTrades" /></dt><dd>{row.total_trade_num}</dd>
          <dt><FormattedMessage id="rank.multiple" /></dt><dd>×{row.multiple}</dd>
        </dl>
      </button>
    </li>
  );
}

function SkeletonRows({ count = 6 }: { count?: number }) {
  return (
    <ul className="rank-list" aria-busy="true" data-testid="rank-skeleton">
      {Array.from({ length: count }, (_, i) => <li key={i} className="rank-row skeleton"><span /><span /><span /></li>)}
    </ul>
  );
}
