import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResetFields, ResetMode } from '../../../../machines/accounts/password-reset';
import { connectPasswordReset } from '../../../../machines/accounts/password-reset.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { passwordResetFlow } from '../account-flows';
import { Field, Problem } from '../../../shared/ui/form';
import { CodeButton } from '../register/code-button';
import { IdentifierTabs, PhoneFields } from '../phone-fields';

/** Two password fields and a code with its send button (spec section 2, reset password). */
export function PasswordResetForm({ mode, account, phone, submitLabel }: {
  mode: ResetMode;
  account?: string;
  /** An account made by mobile: the code is texted to this number. */
  phone?: { mobile: string; areaId: number };
  submitLabel: string;
}) {
  const intl = useIntl();
  const flow = useFlow(useMemo(() => passwordResetFlow(), []), { mode, account, phone });
  const { fields, resetType, offersChoice, areas, problem, isSubmitting: busy, countdown, codeTo } = useView(flow, connectPasswordReset);
  const change = (field: keyof ResetFields) => (value: string) => flow.send({ type: 'FIELD.CHANGE', field, value });
  const set = (field: keyof ResetFields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    flow.send({ type: 'FIELD.CHANGE', field, value: e.target.value });
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <form className="content" noValidate onSubmit={(e) => { e.preventDefault(); flow.send({ type: 'RESET.SUBMIT' }); }}>
      {offersChoice && <IdentifierTabs value={resetType} onChoose={(type) => flow.send({ type: 'RESET.TYPE', resetType: type })} />}
      {mode === 'change' ? (
        <p className="muted wrap-anywhere"><FormattedMessage id="password.codeTo" values={{ email: <bdi dir="ltr">{codeTo}</bdi> }} /></p>
      ) : resetType === 'mobile' ? (
        <PhoneFields areas={areas} areaId={fields.area_id} mobile={fields.mobile} onArea={change('area_id')} onMobile={change('mobile')} autoComplete="username" />
      ) : (
        <Field label={label('form.email')} name="account" type="email" inputMode="email" dir="ltr" autoComplete="username"
          placeholder={label('form.emailPlaceholder')} value={fields.account} onChange={set('account')} />
      )}
      <Field label={label('form.newPassword')} name="new_password" type="password" autoComplete="new-password"
        value={fields.new_password} onChange={set('new_password')} />
      <Field label={label('form.repeatPassword')} name="secondary_password" type="password" autoComplete="new-password"
        value={fields.secondary_password} onChange={set('secondary_password')} />
      <Field label={label('form.code')} name="auth_code" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
        placeholder={label(resetType === 'mobile' ? 'form.smsCodePlaceholder' : 'form.codePlaceholder')} value={fields.auth_code} onChange={set('auth_code')}
        after={<CodeButton countdown={countdown} onSend={() => flow.send({ type: 'CODE.SEND' })} />} />
      <Problem problem={problem} />
      <button className="btn" type="submit" disabled={busy}>{submitLabel}</button>
    </form>
  );
}
