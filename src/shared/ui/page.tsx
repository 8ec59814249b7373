import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { back as goBack } from '../navigation/back';
import { Icon, ICONS } from './icons';
import { useScreenTitle } from './screen-title';

/** A screen with its header: title in the middle, back on the leading side, actions trailing. */
export function Page({ title, back = true, actions, children }: { title: string; back?: boolean; actions?: ReactNode; children: ReactNode }) {
  const intl = useIntl();
  useScreenTitle(title);
  return (
    <main className="page">
      <header className="page-header">
        <div className="side">
          {back && (
            <button type="button" className="icon-btn" aria-label={intl.formatMessage({ id: 'common.back' })} onClick={() => goBack()}>
              <Icon d={ICONS.back} className="flip" />
            </button>
          )}
        </div>
        <h1>{title}</h1>
        <div className="side">{actions}</div>
      </header>
      {children}
    </main>
  );
}
