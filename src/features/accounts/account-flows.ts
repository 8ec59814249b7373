import { fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { tradingCalls } from '../../../contract/trading';
import { confirmMachine } from '../../../machines/shared/confirm';
import { countdownMachine } from '../../../machines/accounts/countdown';
import { demoMachine } from '../../../machines/accounts/demo';
import { loginMachine } from '../../../machines/accounts/login';
import { passwordResetMachine } from '../../../machines/accounts/password-reset';
import { registerMachine, showsPhoneFields } from '../../../machines/accounts/register';
import { userCentreMachine } from '../../../machines/accounts/user-centre';
import { call } from '../../shared/api/client';
import { go } from '../../shared/navigation/navigation';
import { storage } from '../../shared/storage/storage';
import { toastStore } from '../../shared/ui/toast-store';
import { t } from '../../shared/i18n/intl';
import { signedIn } from '../../shared/session/signed-in';
import { sessionActor } from '../../shared/root/root-actor';

/** The machines of the account screens, with their I/O bound to the API and the app. */

const countdown = countdownMachine.provide({
  actors: {
    sendCode: fromPromise(async ({ input }) => {
      await call(accountCalls.sendEmail, { to: input.to, type: input.purpose }, { showSuccessMessage: true });
    }),
  },
});

export const loginFlow = (from: string | null) =>
  loginMachine.provide({
    actors: {
      login: fromPromise(({ input }) => call(accountCalls.login, { ...input, login_type: 'email' }, { loading: true })),
    },
    actions: { signedIn: (_, { session }) => signedIn(session, from) },
  });

export const demoFlow = (from: string | null) =>
  demoMachine.provide({
    actors: { createDemo: fromPromise(({ input }) => call(accountCalls.createDemo, { demo_id: input.demoId }, { loading: true })) },
    actions: { signedIn: (_, { session }) => signedIn(session, from) },
  });

export const demoInput = () => ({ demoId: storage.demoId() });

export const registerFlow = (from: string | null) =>
  registerMachine.provide({
    actors: {
      loadSettings: fromPromise(async () => {
        const basic = await call(accountCalls.basicInfo, {});
        const mode = basic.verify_reg_type;
        return { mode, areas: showsPhoneFields(mode) ? await call(accountCalls.areaList, {}) : [] };
      }),
      loadCaptcha: fromPromise(() => call(accountCalls.captcha, {})),
      register: fromPromise(({ input }) =>
        call(
          accountCalls.register,
          {
            type: 'email',
            account: input.account,
            password: input.password,
            re_password: input.re_password,
            sms_code: input.sms_code,
            invite_code: input.invite_code || undefined,
            key: input.key || undefined,
          },
          { loading: true, showSuccessMessage: true },
        ),
      ),
      countdown,
    },
    actions: { signedIn: (_, { session }) => signedIn(session, from) },
  });

export const passwordResetFlow = () =>
  passwordResetMachine.provide({
    actors: {
      resetPassword: fromPromise(async ({ input: { mode, fields } }) => {
        const passwords = { new_password: fields.new_password, secondary_password: fields.secondary_password, auth_code: fields.auth_code };
        if (mode === 'change') await call(accountCalls.amendPassword, passwords, { loading: true, showSuccessMessage: true });
        else await call(accountCalls.forgetPassword, { ...passwords, type: 'email', account: fields.account }, { loading: true, showSuccessMessage: true });
      }),
      countdown,
    },
    actions: {
      finished: ({ context }) => {
        if (context.mode === 'forgot') go('/login', true);
        else toastStore.show(t('password.done'));
      },
    },
  });

export const userCentreFlow = userCentreMachine.provide({
  actors: { loadUser: fromPromise(() => call(accountCalls.info, {})) },
  actions: { rememberHidden: (_, { hidden }) => storage.setBalanceHidden(hidden) },
});

/** Logout after a yes (spec section 2, "Other"). */
export const logoutFlow = () =>
  confirmMachine.provide({ actions: { accepted: () => sessionActor().send({ type: 'SESSION.LOGOUT' }) } });

/** Demo reset after a yes: everything closed, 10,000 USD again; `done` reloads the screen. */
export const demoResetFlow = (done: () => void) =>
  confirmMachine.provide({
    actions: {
      accepted: () => void call(tradingCalls.resetDemo, {}, { showSuccessMessage: true, loading: true }).then(done, () => {}),
    },
  });
