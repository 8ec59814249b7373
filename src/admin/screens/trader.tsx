import { FormattedMessage, useIntl } from 'react-intl';
import { BCP47 } from '../../../contract/fields';
import { isLanguage } from '../../shared/i18n/languages';
import { Balance, Facts, Money } from '../ui';

/** Who asked: uid, email and user id, and the language they asked in (a reason is best written in it). */
export function TraderCell({ item }: { item: { user_id: number; uid: string; email: string | null; lang?: string | undefined } }) {
  return (
    <td>
      <div className="trader">
        <strong>{item.uid || '—'}</strong>
        <span>{item.email ?? '—'}</span>
        <span className="muted"><FormattedMessage id="trader.userId" values={{ id: item.user_id }} /></span>
        {item.lang ? <span className="muted"><FormattedMessage id="trader.lang" values={{ name: languageName(item.lang) }} /></span> : null}
      </div>
    </td>
  );
}

const names = new Intl.DisplayNames(['en'], { type: 'language' });
/** "French", "Chinese (Hong Kong)": the app's code as staff read it. */
const languageName = (lang: string) => (isLanguage(lang) ? (names.of(BCP47[lang]) ?? lang) : lang);

/** The identity status of a trader (REVIEW_STATUS), as a badge. */
export function IdentityBadge({ status }: { status: number }) {
  return <span className={`badge identity-${status}`}><FormattedMessage id={`identity.status.${status}`} /></span>;
}

/** What a reviewer of money needs beside the request: identity, net deposits, available, margin in use, trades closed. */
export function MoneyFactsCell({ item }: {
  item: { identity: number; net_deposits: string | number; available: string | number; margin_in_use: string | number; closed_trades: number };
}) {
  const intl = useIntl();
  return (
    <td>
      <Facts rows={[
        [intl.formatMessage({ id: 'trader.identity' }), <IdentityBadge key="i" status={item.identity} />],
        [intl.formatMessage({ id: 'trader.netDeposits' }), <Balance key="n" value={item.net_deposits} />],
        [intl.formatMessage({ id: 'trader.available' }), <Balance key="a" value={item.available} />],
        [intl.formatMessage({ id: 'trader.marginInUse' }), <Money key="m" value={item.margin_in_use} />],
        [intl.formatMessage({ id: 'trader.closedTrades' }), <span key="t">{item.closed_trades}</span>],
      ]} />
    </td>
  );
}
