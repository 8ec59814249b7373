import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ResetFields, ResetMode } from '../../../../machines/accounts/password-reset';
import { connectPasswordReset } from '../../../../machines/accounts/password-reset.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { passwordResetFlow } from '../account-flows';
import { Field, Problem } from '../../../shared/ui/form';
import { CodeButton } from '../register/code-button';

/** Two password fields and a code with its send button (spec section 2, reset password). */
export function PasswordResetForm({ mode, account, submitLabel }: { mode: ResetMode; account?: string; submitLabel: string }) {
  const intl = useIntl();
  const flow = useFlow(useMemo(() => passwordResetFlow(), []), { mode, account });
  const { fields, problem, isSubmitting: busy, countdown } = useView(flow, connectPasswordReset);
  const set = (field: keyof ResetFields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    flow.send({ type: 'FIELD.CHANGE', field, value: e.target.value });
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <form className="content" noValidate onSubmit={(e) => { e.preventDefault(); flow.send({ type: 'RESET.SUBMIT' }); }}>
      {mode === 'forgot' ? (
        <Field label={label('form.email')} name="account" type="email" inputMode="email" autoComplete="username"
          placeholder={label('form.emailPlaceholder')} value={fields.account} onChange={set('account')} />
      ) : (
        <p className="muted"><FormattedMessage id="password.codeTo" values={{ email: account }} /></p>
      )}
      <Field label={label('form.newPassword')} name="new_password" type="password" autoComplete="new-password"
        value={fields.new_password} onChange={set('new_password')} />
      <Field label={label('form.repeatPassword')} name="secondary_password" type="password" autoComplete="new-password"
        value={fields.secondary_password} onChange={set('secondary_password')} />
      <Field label={label('form.code')} name="auth_code" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
        placeholder={label('form.codePlaceholder')} value={fields.auth_code} onChange={set('auth_code')}
        after={<CodeButton countdown={countdown} onSend={() => flow.send({ type: 'CODE.SEND' })} />} />
      <Problem problem={problem} />
      <button className="btn" type="submit" disabled={busy}>{submitLabel}</button>
    </form>
  );
}
