import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';

/** Codes are limited to 20 an hour per address: which address counts depends on TRUST_PROXY. */
describe.each([
  ['no TRUST_PROXY: X-Forwarded-For is ignored', {}, false],
  ['TRUST_PROXY=127.0.0.1: the proxy names the client', { TRUST_PROXY: '127.0.0.1' }, true],
] as const)('client address (%s)', (_label, env, trusted) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, env);
  });
  afterAll(() => server?.close());

  const ask = (i: number, forwardedFor: string) =>
    client(server.url).raw('/api/notify/send_email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
      body: new URLSearchParams({ to: `user${i}@example.com`, type: '1' }),
    }).then((res) => res.json() as Promise<{ code: number; msg: string }>);

  it(trusted ? 'counts each forwarded address on its own' : 'counts every request by its real peer', async () => {
    server.clearLimits();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await ask(i, `203.0.113.${i + 1}`));
    expect(answers.slice(0, 20).every((a) => a.code === 1)).toBe(true);
    expect(answers[20]!.code).toBe(trusted ? 1 : 0);
  });

  it('limits one address however the header is written', async () => {
    server.clearLimits();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await ask(i, '198.51.100.7'));
    expect(answers[19]!.code).toBe(1);
    expect(answers[20]!.msg).toMatch(/Too many attempts/);
  });
});

/** Wrong logins lock an account for the address they come from; only guesses from many lock it for all. */
describe('login attempts per account and address (TRUST_PROXY=127.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  const from = (address: string) => (url: string, fields: Record<string, string>) =>
    client(server.url).raw(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams(fields),
    }).then((res) => res.json() as Promise<{ code: number; msg: string }>);
  const login = (address: string, password: string) =>
    from(address)('/api/user/loginForU', { account: 'owner@example.com', password, login_type: 'email' });

  it('a stranger\'s guesses never keep the owner out from their own address, and a reset lifts a lock made from many', async () => {
    const home = from('198.51.100.1');
    await home('/api/notify/send_email', { to: 'owner@example.com', type: '1' });
    const code = (await server.lastCode('owner@example.com'))!;
    expect(await home('/api/user/register', { type: 'email', account: 'owner@example.com', password: 'secret123', re_password: 'secret123', sms_code: code }))
      .toMatchObject({ code: 1 });

    for (let i = 0; i < 5; i++) expect(await login('203.0.113.9', `guess-${i}`)).toMatchObject({ msg: 'Wrong email or password' });
    expect((await login('203.0.113.9', 'secret123')).msg).toMatch(/^Too many attempts/);
    expect(await login('198.51.100.1', 'secret123')).toMatchObject({ code: 1 });

    // Guesses spread over twenty addresses lock the account everywhere...
    for (let i = 0; i < 20; i++) expect((await login(`203.0.113.${100 + i}`, `guess-${i}`)).code).toBe(0);
    expect((await login('198.51.100.1', 'secret123')).msg).toMatch(/^Too many attempts/);
    // ...until the owner proves the account theirs with an emailed code.
    expect(await home('/api/notify/send_email', { to: 'owner@example.com', type: '2' })).toMatchObject({ code: 1 });
    const reset = (await server.lastCode('owner@example.com'))!;
    expect(await home('/api/user/forget_password', { type: 'email', account: 'owner@example.com', new_password: 'newpass1', secondary_password: 'newpass1', auth_code: reset }))
      .toMatchObject({ code: 1 });
    expect(await login('198.51.100.1', 'newpass1')).toMatchObject({ code: 1 });
  });
});
