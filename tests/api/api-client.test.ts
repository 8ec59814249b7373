import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '../../contract/account';
import { ApiError, call, configureApi } from '../../src/shared/api/client';
import { loading } from '../../src/shared/api/loading';
import { toastStore } from '../../src/shared/ui/toast-store';
import { startServer, type TestServer } from '../support/server';

/** The client's API layer against the real server: encodings, envelope, 999, transport errors. */
describe('API client', () => {
  let server: TestServer;
  let token: string | undefined;
  const expired = vi.fn();
  const lastToast = () => toastStore.get().at(-1)?.text;

  beforeAll(async () => {
    server = await startServer();
    vi.stubEnv('VITE_API_ORIGIN', server.url);
    configureApi({ token: () => token, lang: () => 'en', sessionInvalid: expired, transportMessage: (status) => (status === undefined ? 'Network error' : `Network error (${status})`) });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });
  beforeEach(async () => {
    await server.reset();
    token = undefined;
    expired.mockReset();
    toastStore.get().forEach((t) => toastStore.dismiss(t.id));
  });

  it('sends GET with query and t, parses the data with the contract', async () => {
    const session = await call(accountCalls.createDemo, { demo_id: 'c0ffee00-1111-4222-8333-444455556666' });
    expect(session.is_demo).toBe(1);
    token = session.token;
    const user = await call(accountCalls.info, {});
    expect(user.id).toBe(session.id);
  });

  it('sends forms, toasts the refusal message and rejects with its code', async () => {
    const refused = call(accountCalls.login, { account: 'nobody@example.com', password: 'x', login_type: 'email' });
    await expect(refused).rejects.toMatchObject({ code: 0, message: 'Wrong email or password' });
    expect(lastToast()).toBe('Wrong email or password');
  });

  it('stays quiet when asked (showErrorMessage false)', async () => {
    await expect(call(accountCalls.login, { account: 'n@example.com', password: 'x', login_type: 'email' }, { showErrorMessage: false })).rejects.toBeInstanceOf(ApiError);
    expect(lastToast()).toBeUndefined();
  });

  it('ends the session on 999, except for initial calls', async () => {
    token = 'no-such-token';
    await expect(call(accountCalls.info, {}, { initial: true })).rejects.toMatchObject({ code: 999 });
    expect(expired).not.toHaveBeenCalled();
    await expect(call(accountCalls.info, {})).rejects.toMatchObject({ code: 999 });
    expect(expired).toHaveBeenCalledTimes(1);
    // Calls refused together say so once.
    await Promise.allSettled([call(accountCalls.info, {}), call(accountCalls.info, {}), call(accountCalls.info, {})]);
    expect(toastStore.get().map((t) => t.text)).toEqual(['Please log in again']);
  });

  it('toasts transport errors with their code, not cancelled ones, and closes the loading indicator', async () => {
    await expect(call(accountCalls.info, {}, { loading: true }).catch((e) => { expect(loading.active()).toBe(false); throw e; })).rejects.toBeInstanceOf(ApiError);
    vi.stubEnv('VITE_API_ORIGIN', 'http://127.0.0.1:9');
    await expect(call(accountCalls.basicInfo, {})).rejects.toMatchObject({ code: 'network' });
    expect(lastToast()).toBe('Network error');
    toastStore.get().forEach((t) => toastStore.dismiss(t.id));
    const controller = new AbortController();
    controller.abort();
    await expect(call(accountCalls.basicInfo, {}, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    expect(lastToast()).toBeUndefined();
    vi.stubEnv('VITE_API_ORIGIN', server.url);
  });
});
