import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { countdownMachine } from '../../../../machines/accounts/countdown';
import { connectCountdown } from '../../../../machines/accounts/countdown.connect';
import { useView } from '../../../shared/flow/use-view';

/** "Send code", then "Resend in Ns" while the countdown runs (disabled until it ends). */
export function CodeButton({ countdown, onSend }: { countdown: ActorRefFrom<typeof countdownMachine> | undefined; onSend: () => void }) {
  const { remaining, canSend } = useView(countdown, connectCountdown);
  return (
    <button type="button" className="btn small secondary wraps" disabled={!canSend} onClick={onSend}>
      {remaining > 0 ? <FormattedMessage id="form.resendIn" values={{ seconds: remaining }} /> : <FormattedMessage id="form.sendCode" />}
    </button>
  );
}
