import { FormattedMessage } from 'react-intl';

/** For screens a later release builds: says so plainly. */
export function ComingSoon() {
  return (
    <div className="empty">
      <h2><FormattedMessage id="common.comingSoon" /></h2>
      <p><FormattedMessage id="common.comingSoonBody" /></p>
    </div>
  );
}
