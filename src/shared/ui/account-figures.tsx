import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { AccountFiguresView } from '../../../machines/shared/account-figures.connect';
import { Amount } from './amount';

/** Balance, equity, margin used, free margin and the risk rate (margin level), each named for a trader. */
export function AccountFigures({ figures, stale = false }: { figures: AccountFiguresView | undefined; stale?: boolean }) {
  const rows: [string, ReactNode][] = [
    ['account.balance', <Amount key="b" value={figures?.balance} dp={2} />],
    ['account.equity', <Amount key="e" value={figures?.equity} dp={2} />],
    ['account.usedMargin', <Amount key="m" value={figures?.usedMargin} dp={6} />],
    ['account.freeMargin', <Amount key="f" value={figures?.freeMargin} dp={2} />],
    ['account.floating', <Amount key="p" value={figures?.floating} dp={6} />],
    ...(figures?.pendingHeld ? [['account.pendingHeld', <Amount key="h" value={figures.pendingHeld} dp={6} />] as [string, ReactNode]] : []),
    ...(figures?.withdrawalsHeld ? [['account.withdrawalsHeld', <Amount key="w" value={figures.withdrawalsHeld} dp={2} />] as [string, ReactNode]] : []),
    ['account.riskRate', figures?.riskRate === undefined ? '—' : <FormattedNumber key="r" value={figures.riskRate / 100} style="percent" minimumFractionDigits={2} maximumFractionDigits={2} />],
  ];
  return (
    <div className={`account-figures${stale ? ' stale' : ''}`} data-testid="account-figures">
      <dl className="preview">
        {rows.map(([label, value]) => (
          <div key={label} className="figure" data-figure={label}><dt><FormattedMessage id={label} /></dt><dd>{value}</dd></div>
        ))}
      </dl>
      <p className="hint"><FormattedMessage id="account.hint" /></p>
    </div>
  );
}
