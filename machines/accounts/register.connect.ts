import type { SnapshotFrom } from 'xstate';
import type { FormProblem } from './form-rules';
import { showsPhoneFields, usesCaptcha, type Area, type RegisterFields, type registerMachine } from './register';

type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

export interface RegisterView {
  /** The registration settings decide the form: it shows once they are here. */
  phase: 'loading' | 'failed' | 'ready';
  fields: RegisterFields;
  showsPhoneFields: boolean;
  areas: Area[];
  /** An image captcha replaces the emailed code. */
  usesCaptcha: boolean;
  /** The captcha image (a data URL) while one is shown. */
  captchaImage: string | undefined;
  problem: FormProblem | undefined;
  isSubmitting: boolean;
  /** The send-code button's countdown, while the form is shown. */
  countdown: RegisterSnapshot['children']['countdown'];
}

export function connectRegister(snapshot: RegisterSnapshot): RegisterView {
  const c = snapshot.context;
  return {
    phase: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    fields: c.fields,
    showsPhoneFields: showsPhoneFields(c.mode),
    areas: c.areas,
    usesCaptcha: usesCaptcha(c.mode),
    captchaImage: c.captcha?.b64s,
    problem: c.problem,
    isSubmitting: snapshot.matches({ ready: { form: 'submitting' } }),
    countdown: snapshot.children.countdown,
  };
}
