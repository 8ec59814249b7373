import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import type { Session } from '../../contract/account';
import { countdownMachine, type SendCodeInput } from '../../machines/accounts/countdown';
import { mobileProblem } from '../../machines/accounts/form-rules';
import { loginMachine, type LoginRequest } from '../../machines/accounts/login';
import { connectLogin } from '../../machines/accounts/login.connect';
import { passwordResetMachine } from '../../machines/accounts/password-reset';
import { connectPasswordReset } from '../../machines/accounts/password-reset.connect';
import type { PhoneSettings } from '../../machines/accounts/identifier';
import { registerMachine, type Area, type RegisterMode, type RegisterRequest } from '../../machines/accounts/register';

type RegisterSettings = { mode: RegisterMode; areas: Area[] };

const gb = { id: 22, code: 'GB', global_code: '44' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const never = <T>() => new Promise<T>(() => {});

/** A countdown whose sends are recorded: where each code would go. */
function recordingCountdown(sent: SendCodeInput[]) {
  return countdownMachine.provide({ actors: { sendCode: fromPromise(async ({ input }) => void sent.push(input)) } });
}

const start = <M extends AnyStateMachine>(machine: M, input?: unknown) => createActor(machine, { input } as never).start();

describe('forms by mobile', () => {
  it('mobile rule: an area, then digits only', () => {
    expect(mobileProblem('', '7700900123')).toBe('area_required');
    expect(mobileProblem('22', ' ')).toBe('mobile_required');
    expect(mobileProblem('22', '+44 7700')).toBe('mobile_invalid');
    expect(mobileProblem('22', '07700900123')).toBeUndefined();
  });

  it('login: the mobile tab once offered, its own problems, and the request by area and number', async () => {
    const sent: LoginRequest[] = [];
    const actor = start(loginMachine.provide({
      actors: {
        loadSettings: fromPromise<PhoneSettings>(async () => ({ offersMobile: true, areas: [gb] })),
        login: fromPromise(({ input }) => (sent.push(input), never<Session>())),
      },
    }));
    // Before the settings answer, the mobile tab is not taken.
    actor.send({ type: 'LOGIN.TYPE', loginType: 'mobile' });
    expect(connectLogin(actor.getSnapshot()).loginType).toBe('email');
    await settle();
    expect(connectLogin(actor.getSnapshot())).toMatchObject({ offersMobile: true, areas: [gb] });
    actor.send({ type: 'LOGIN.TYPE', loginType: 'mobile' });
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'secret1' });
    actor.send({ type: 'LOGIN.SUBMIT' });
    expect(connectLogin(actor.getSnapshot())).toMatchObject({ loginType: 'mobile', problem: 'area_required', isBusy: false });
    actor.send({ type: 'FIELD.CHANGE', field: 'area_id', value: '22' });
    actor.send({ type: 'FIELD.CHANGE', field: 'mobile', value: ' 07700900123 ' });
    actor.send({ type: 'LOGIN.SUBMIT' });
    expect(connectLogin(actor.getSnapshot()).isBusy).toBe(true);
    expect(sent).toEqual([{ login_type: 'mobile', account: '07700900123', area_id: 22, password: 'secret1' }]);
  });

  it('login: settings that fail leave the email form only', async () => {
    const actor = start(loginMachine.provide({ actors: { loadSettings: fromPromise<PhoneSettings>(async () => { throw new Error('down'); }) } }));
    await settle();
    actor.send({ type: 'LOGIN.TYPE', loginType: 'mobile' });
    expect(connectLogin(actor.getSnapshot())).toMatchObject({ offersMobile: false, loginType: 'email' });
  });

  it('register in mode 1: the code is texted to area and number, and the request is by mobile', async () => {
    const codes: SendCodeInput[] = [];
    const requests: RegisterRequest[] = [];
    const actor = start(registerMachine.provide({
      actors: {
        loadSettings: fromPromise<RegisterSettings>(async () => ({ mode: 1, areas: [gb] })),
        countdown: recordingCountdown(codes),
        register: fromPromise(({ input }) => (requests.push(input), never<Session>())),
      },
    }), {});
    await settle();
    actor.send({ type: 'FIELD.CHANGE', field: 'mobile', value: '7700900123' });
    actor.send({ type: 'CODE.SEND' });
    expect(actor.getSnapshot().context.problem).toBe('area_required');
    actor.send({ type: 'FIELD.CHANGE', field: 'area_id', value: '22' });
    actor.send({ type: 'CODE.SEND' });
    await settle();
    expect(codes).toEqual([{ to: '7700900123', areaId: 22, purpose: 1 }]);
    for (const [field, value] of [['password', 'secret1'], ['re_password', 'secret1'], ['sms_code', '123456']] as const) {
      actor.send({ type: 'FIELD.CHANGE', field, value });
    }
    actor.send({ type: 'REGISTER.SUBMIT' });
    expect(requests).toMatchObject([{ type: 'mobile', area_id: '22', mobile: '7700900123', sms_code: '123456' }]);
  });

  it('register in mode 0: the code is emailed, the request is by email', async () => {
    const codes: SendCodeInput[] = [];
    const actor = start(registerMachine.provide({
      actors: { loadSettings: fromPromise<RegisterSettings>(async () => ({ mode: 0, areas: [] })), countdown: recordingCountdown(codes) },
    }), {});
    await settle();
    actor.send({ type: 'FIELD.CHANGE', field: 'account', value: 'a@b.co' });
    actor.send({ type: 'CODE.SEND' });
    await settle();
    expect(codes).toEqual([{ to: 'a@b.co', areaId: undefined, purpose: 1 }]);
  });

  it('password change of an account made by mobile: the code is texted to its number, no choice shown', async () => {
    const codes: SendCodeInput[] = [];
    const actor = start(passwordResetMachine.provide({
      actors: { loadSettings: fromPromise<PhoneSettings>(async () => ({ offersMobile: true, areas: [gb] })), countdown: recordingCountdown(codes) },
    }), { mode: 'change', phone: { mobile: '07700900123', areaId: 22 } });
    await settle();
    // Registered with its trunk zero, said as the text goes: +44 7700…, not +44 07700….
    expect(connectPasswordReset(actor.getSnapshot())).toMatchObject({ resetType: 'mobile', offersChoice: false, codeTo: '+44 7700900123' });
    actor.send({ type: 'CODE.SEND' });
    await settle();
    expect(codes).toEqual([{ to: '07700900123', areaId: 22, purpose: 2 }]);
  });

  it('forgot: the mobile tab once offered; the reset is by area and number', async () => {
    const resets: unknown[] = [];
    const actor = start(passwordResetMachine.provide({
      actors: {
        loadSettings: fromPromise<PhoneSettings>(async () => ({ offersMobile: true, areas: [gb] })),
        resetPassword: fromPromise(({ input }) => (resets.push(input), never<void>())),
      },
    }), { mode: 'forgot' });
    await settle();
    expect(connectPasswordReset(actor.getSnapshot())).toMatchObject({ offersChoice: true, resetType: 'email' });
    actor.send({ type: 'RESET.TYPE', resetType: 'mobile' });
    for (const [field, value] of [['area_id', '22'], ['mobile', '7700900123'], ['new_password', 'secret1'], ['secondary_password', 'secret1'], ['auth_code', '123456']] as const) {
      actor.send({ type: 'FIELD.CHANGE', field, value });
    }
    actor.send({ type: 'RESET.SUBMIT' });
    expect(connectPasswordReset(actor.getSnapshot()).isSubmitting).toBe(true);
    expect(resets).toMatchObject([{ mode: 'forgot', resetType: 'mobile', fields: { area_id: '22', mobile: '7700900123' } }]);
  });
});
