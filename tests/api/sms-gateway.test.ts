import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewaySender } from '../../server/platform/sms/sms';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';

/** A stand-in SMS provider: a real HTTP server on loopback that keeps what it was sent. */
async function fakeGateway() {
  const received: { headers: http.IncomingHttpHeaders; body: { to: string; text: string } }[] = [];
  let answer = { status: 200, hang: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(body) });
      if (answer.hang) return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: answer.status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    received,
    answer: (next: Partial<typeof answer>) => (answer = { status: 200, hang: false, ...next }),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('SMS gateway (SMS_URL set)', () => {
  let gateway: Awaited<ReturnType<typeof fakeGateway>>;
  let server: TestServer;
  let api: ReturnType<typeof client>;
  let gb: number;

  beforeAll(async () => {
    gateway = await fakeGateway();
    server = await startServer({}, { SMS_URL: gateway.url, SMS_TOKEN: 'gateway-token' });
    api = client(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.close();
  });
  beforeEach(async () => {
    await server.reset();
    await server.settings.set('basic_info', { ...server.settings.get('basic_info'), verify_reg_type: 3 });
    gb = (await api.get<{ id: number; code: string }[]>('/api/default/area_list')).data.find((a) => a.code === 'GB')!.id;
    gateway.received.length = 0;
    gateway.answer({});
  });

  it('POSTs {to, text} to the provider, not to the outbox, and the texted code registers', async () => {
    expect(await api.form('/api/notify/send_sms', { to: '07700900123', area_id: gb, type: 1 })).toMatchObject({ code: 1 });
    expect(gateway.received).toHaveLength(1);
    const [sent] = gateway.received;
    expect(sent!.headers['content-type']).toMatch(/application\/json/);
    expect(sent!.headers.authorization).toBe('Bearer gateway-token');
    expect(sent!.body.to).toBe('+447700900123');
    const code = /\b(\d{6})\b/.exec(sent!.body.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await server.lastSms('+447700900123')).toBeUndefined();
    const registered = await api.form('/api/user/register', {
      type: 'mobile', area_id: gb, mobile: '07700900123', password: 'secret123', re_password: 'secret123', sms_code: code!,
    });
    expect(registered).toMatchObject({ code: 1, data: { mobile: '07700900123' } });
  });

  it('answers that the text failed when the provider refuses it', async () => {
    gateway.answer({ status: 502 });
    const res = await api.form('/api/notify/send_sms', { to: '7700900124', area_id: gb, type: 1 });
    expect(res).toMatchObject({ code: 0, msg: 'The text message could not be sent, please try again later' });
    expect(gateway.received).toHaveLength(1);
  });

  it('gives up on a provider that does not answer in time', async () => {
    gateway.answer({ hang: true });
    const started = Date.now();
    await expect(gatewaySender(gateway.url, undefined, 300).send({ to: '+447700900125', text: 'x' })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(gateway.received).toHaveLength(1);
  });
});
