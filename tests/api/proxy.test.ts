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
