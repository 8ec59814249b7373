import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { THEMES, themeStore, type Theme } from '../../../shared/ui/theme';

/** Light, dark, or as the system says: applied at once and kept on this device. */
export function ThemeChoice() {
  const intl = useIntl();
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  return (
    <li>
      <label className="menu-choice">
        <FormattedMessage id="user.theme" />
        <select value={theme} onChange={(e) => themeStore.set(e.target.value as Theme)}>
          {THEMES.map((t) => <option key={t} value={t}>{intl.formatMessage({ id: `user.theme.${t}` })}</option>)}
        </select>
      </label>
    </li>
  );
}
