import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Screen } from '../../../machines/backoffice/roles';
import { connectTraderLookup } from '../../../machines/backoffice/trader-lookup.connect';
import { useFlow } from '../../shared/flow/use-flow';
import { useView } from '../../shared/flow/use-view';
import { traderLookupFlow } from '../site-flows';
import { Balance, Facts, Field, NoticeLine, Problem } from '../ui';
import { IdentityBadge } from './trader';

/** The queues a trader's requests wait in, which the look-up links to narrowed to them. */
const THEIR_QUEUES = ['deposits', 'withdrawals', 'identity'] as const satisfies readonly Screen[];

/** A trader by id, uid or email: balance, identity, who invited them, and links to their requests. */
export default function TradersScreen({ screens }: { screens: readonly Screen[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlow(traderLookupFlow);
  const view = useView(actor, connectTraderLookup);
  const found = view.found;
  return (
    <section aria-labelledby="screen-title">
      <header className="screen-head"><h1 id="screen-title"><FormattedMessage id="screen.traders" /></h1></header>
      <form className="inline-form card" noValidate role="search" onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'LOOKUP.SEARCH' }); }}>
        <Field label={t('traders.query')} name="q" value={view.query} onChange={(e) => actor.send({ type: 'LOOKUP.QUERY', value: e.target.value })} />
        <button type="submit" className="btn primary" disabled={view.isSearching}><FormattedMessage id="traders.search" /></button>
      </form>
      <Problem id={view.problem && 'traders.problem.query'} />
      <NoticeLine notice={view.notice} />
      {found ? (
        <section className="card" data-testid="trader-found" aria-label={found.uid}>
          <Facts rows={[
            [t('col.userId'), found.id],
            [t('traders.uid'), found.uid],
            [t('field.email'), found.email ?? '—'],
            [t('traders.phone'), found.phone ?? '—'],
            [t('traders.kind'), t(found.is_demo ? 'traders.demo' : 'traders.real')],
            [t('trader.identity'), <IdentityBadge key="i" status={found.identity} />],
            [t('trader.available'), <Balance key="a" value={found.available} />],
            [t('traders.frozen'), <Balance key="f" value={found.frozen} />],
            [t('traders.inviteCode'), found.invite_code || '—'],
            [t('traders.invitedBy'), found.invited_by ? `${found.invited_by.uid} · ${found.invited_by.email ?? '—'} (#${found.invited_by.id})` : t('traders.nobody')],
            [t('traders.invited'), found.invited],
            [t('traders.since'), found.created_at],
          ]} />
          <nav className="inline-form" aria-label={t('traders.requests')}>
            {THEIR_QUEUES.filter((q) => screens.includes(q)).map((q) => (
              <Link key={q} href={`/${q}?trader=${encodeURIComponent(found.uid)}`} className="btn small">
                {intl.formatMessage({ id: 'traders.theirQueue' }, { queue: t(`screen.${q}`) })}
              </Link>
            ))}
          </nav>
        </section>
      ) : null}
    </section>
  );
}
