import { FormattedMessage, useIntl } from 'react-intl';
import type { Area, IdentifierType } from '../../../machines/accounts/identifier';
import { Field } from '../../shared/ui/form';

/** Email or mobile: the two ways to name an account where phone accounts are offered. */
export function IdentifierTabs({ value, onChoose }: { value: IdentifierType; onChoose: (type: IdentifierType) => void }) {
  return (
    <div className="segmented" role="group">
      {(['email', 'mobile'] as const).map((type) => (
        <button key={type} type="button" aria-pressed={value === type} onClick={() => onChoose(type)}>
          <FormattedMessage id={type === 'email' ? 'form.byEmail' : 'form.byMobile'} />
        </button>
      ))}
    </div>
  );
}

/** The area code picker and the national number. */
export function PhoneFields({ areas, areaId, mobile, onArea, onMobile, autoComplete = 'tel-national' }: {
  areas: Area[];
  areaId: string;
  mobile: string;
  onArea: (value: string) => void;
  onMobile: (value: string) => void;
  autoComplete?: string;
}) {
  const intl = useIntl();
  return (
    <>
      <div className="field">
        <label htmlFor="area"><FormattedMessage id="form.areaCode" /></label>
        <select id="area" name="area_id" className="input" value={areaId} onChange={(e) => onArea(e.target.value)}>
          <option value="">{intl.formatMessage({ id: 'form.areaChoose' })}</option>
          {areas.map((a) => <option key={a.id} value={a.id}>{`${a.code} +${a.global_code}`}</option>)}
        </select>
      </div>
      <Field label={intl.formatMessage({ id: 'form.mobile' })} name="mobile" type="tel" inputMode="numeric" autoComplete={autoComplete}
        placeholder={intl.formatMessage({ id: 'form.mobilePlaceholder' })} value={mobile} onChange={(e) => onMobile(e.target.value)} />
    </>
  );
}
