import { fromCallback, fromPromise } from 'xstate';
import { accountCalls } from '../../../contract/account';
import { tradingCalls } from '../../../contract/trading';
import { confirmMachine } from '../../../machines/shared/confirm';
import { countdownMachine } from '../../../machines/accounts/countdown';
import { demoMachine } from '../../../machines/accounts/demo';
import { loginMachine } from '../../../machines/accounts/login';
import { passwordResetMachine } from '../../../machines/accounts/password-reset';
import { registerMachine, showsPhoneFields } from '../../../machines/accounts/register';
import { registersByMobile } from '../../../machines/accounts/identifier';
import { userCentreMachine, type UserCentreEvent } from '../../../machines/accounts/user-centre';
import { call } from '../../shared/api/client';
import { accountFeed } from '../../shared/live/account-feed';
import { onReconnect } from '../../shared/live/reconnects';
import { go } from '../../shared/navigation/navigation';
import { screenStorage } from '../../shared/storage/screen-storage';
import { signedIn } from '../../shared/session/signed-in';
import { leaveFor } from '../../shared/navigation/back';
import { sessionActor } from '../../shared/root/root-actor';

/** The machines of the account screens, with their I/O bound to the API and the app. */

const countdown = countdownMachine.provide({
  actors: {
    sendCode: fromPromise(async ({ input }) => {
      if (input.areaId !== undefined) await call(accountCalls.sendSms, { to: input.to, area_id: input.areaId, type: input.purpose }, { showSuccessMessage: true });
      else await call(accountCalls.sendEmail, { to: input.to, type: input.purpose }, { showSuccessMessage: true });
    }),
  },
});

/** Phone accounts are offered in the phone registration modes, or where staff show the mobile login. */
const loadPhoneSettings = fromPromise(async () => {
  const [basic, shown] = await Promise.all([call(accountCalls.basicInfo, {}), call(accountCalls.setting, { key: 'is_show_mobile' })]);
  const offersMobile = registersByMobile(basic.verify_reg_type) || Number(shown) === 1;
  return { offersMobile, areas: offersMobile ? await call(accountCalls.areaList, {}) : [] };
});

export const loginFlow = (from: string | null) =>
  loginMachine.provide({
    actors: {
      loadSettings: loadPhoneSettings,
      login: fromPromise(({ input }) => call(accountCalls.login, input, { loading: true })),
    },
    actions: { signedIn: (_, { session }) => signedIn(session, from) },
  });

export const demoFlow = (from: string | null) =>
  demoMachine.provide({
    actors: { createDemo: fromPromise(({ input }) => call(accountCalls.createDemo, { demo_id: input.demoId }, { loading: true })) },
    actions: { signedIn: (_, { session }) => signedIn(session, from) },
  });

export const demoInput = () => ({ demoId: screenStorage.demoId() });

export const registerFlow = (from: string | null) =>
  registerMachine.provide({
    actors: {
      loadSettings: fromPromise(async () => {
        const basic = await call(accountCalls.basicInfo, {});
        const mode = basic.verify_reg_type;
        return { mode, areas: showsPhoneFields(mode) ? await call(accountCalls.areaList, {}) : [] };
      }),
      loadCaptcha: fromPromise(() => call(accountCalls.captcha, {})),
      register: fromPromise(({ input }) => {
        const common = {
          password: input.password,
          re_password: input.re_password,
          sms_code: input.sms_code,
          invite_code: input.invite_code || undefined,
          key: input.key || undefined,
        };
        const request = input.type === 'mobile'
          ? { ...common, type: 'mobile' as const, area_id: Number(input.area_id), mobile: input.mobile }
          : { ...common, type: 'email' as const, account: input.account };
        return call(accountCalls.register, request, { loading: true, showSuccessMessage: true });
      }),
      countdown,
    },
    actions: { signedIn: (_, { session }) => signedIn(session, from) },
  });

export const passwordResetFlow = () =>
  passwordResetMachine.provide({
    actors: {
      loadSettings: loadPhoneSettings,
      resetPassword: fromPromise(async ({ input: { mode, resetType, fields } }) => {
        const passwords = { new_password: fields.new_password, secondary_password: fields.secondary_password, auth_code: fields.auth_code };
        const shown = { loading: true, showSuccessMessage: true };
        if (mode === 'change') await call(accountCalls.amendPassword, passwords, shown);
        else if (resetType === 'mobile') await call(accountCalls.forgetPassword, { ...passwords, type: 'mobile', account: fields.mobile, area_id: Number(fields.area_id) }, shown);
        else await call(accountCalls.forgetPassword, { ...passwords, type: 'email', account: fields.account }, shown);
      }),
      countdown,
    },
    actions: {
      // The server's message is the toast (spec section 9); the form has done its job.
      finished: ({ context }) => (context.mode === 'forgot' ? go('/login', true) : leaveFor('/user')),
    },
  });

export const userCentreFlow = userCentreMachine.provide({
  actors: {
    loadUser: fromPromise(() => call(accountCalls.info, {})),
    pushes: fromCallback<UserCentreEvent>(({ sendBack }) => {
      const stopBalance = accountFeed.onBalance((frame) => sendBack({ type: 'BALANCE.PUSHED', balance: frame.balance, lock_balance: frame.lock_balance }));
      // Back from a lost connection: the account is read again (it may have changed, or never loaded).
      const stopReconnects = onReconnect(() => sendBack({ type: 'USER.REFRESH' }));
      return () => {
        stopBalance();
        stopReconnects();
      };
    }),
  },
  actions: { rememberHidden: (_, { hidden }) => screenStorage.setBalanceHidden(hidden) },
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
