import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { countdownMachine } from '../../../../machines/accounts/countdown';

/** "Send code", then "Resend in Ns" while the countdown runs (disabled until it ends). */
export function CodeButton({ countdown, onSend }: { countdown: ActorRefFrom<typeof countdownMachine> | undefined; onSend: () => void }) {
  const remaining = useSelector(countdown, (s) => (s?.matches('counting') ? s.context.remaining : 0));
  const sending = useSelector(countdown, (s) => s?.matches('sending') ?? false);
  return (
    <button type="button" className="btn small secondary" disabled={remaining > 0 || sending} onClick={onSend}>
      {remaining > 0 ? <FormattedMessage id="form.resendIn" values={{ seconds: remaining }} /> : <FormattedMessage id="form.sendCode" />}
    </button>
  );
}
