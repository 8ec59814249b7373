import { useIntl } from 'react-intl';
import { Icon } from '../../shared/ui/icons';
import { SCREEN_ICONS } from '../../shared/ui/screen-icons';
import { copyText } from '../../shared/ui/copy-text';

/** A value with a copy button beside it (addresses, bank details). */
export function CopyValue({ value }: { value: string }) {
  const intl = useIntl();
  return (
    <span className="copy-value">
      <span>{value}</span>
      <button type="button" className="icon-btn" aria-label={intl.formatMessage({ id: 'common.copy' })} onClick={() => copyText(value)}>
        <Icon d={SCREEN_ICONS.copy} size={16} />
      </button>
    </span>
  );
}
