import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';

/**
 * Every failure answers the envelope with a clear message, with the built client served (as
 * `npm start` runs) and without it (as the other API suites run).
 */
describe.each([['with a built client', true], ['without a client', false]])('errors answer the envelope (%s)', (_label, withClient) => {
  let server: TestServer;
  let clientDir: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tradedesk-client-'));
    if (withClient) await fs.writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
    server = await startServer({}, { CLIENT_DIR: clientDir });
    api = client(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  /** Sends `request` as written on a connection of its own and reads the answer until the server closes it. */
  const rawExchange = (request: string) => new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(request));
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });

  const post = (contentType: string, body: string) =>
    api.raw('/api/user/loginForU', { method: 'POST', headers: { 'content-type': contentType }, body });

  it('serves the client only when it is there', async () => {
    const page = await api.raw('/trade');
    expect(page.status).toBe(withClient ? 200 : 404);
    if (withClient) expect(await page.text()).toContain('<title>app</title>');
    // HEAD answers as GET does (uptime checks and link checkers ask with it), without a body.
    for (const route of ['/', '/trade']) {
      const head = await api.raw(route, { method: 'HEAD' });
      expect([route, head.status, await head.text()]).toEqual([route, withClient ? 200 : 404, '']);
    }
  });

  it('names the field as this call means it, and a body that is no object as the request', async () => {
    expect(await (await api.raw('/api/default/setting?key=foo')).json()).toEqual({ code: 0, msg: 'Setting must be one of: is_show_mobile', data: null });
    const list = await post('application/json', '[1, 2]');
    expect(await list.json()).toEqual({ code: 0, msg: 'The request is invalid', data: null });
  });

  it('names malformed JSON', async () => {
    const res = await post('application/json', '{"account":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 0, msg: 'The request could not be read', data: null });
  });

  it('names a body too large', async () => {
    const res = await post('application/x-www-form-urlencoded', `account=${'a'.repeat(200_000)}`);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 0, msg: 'The request is too large', data: null });
  });

  it('names an unknown content type, plain text too', async () => {
    for (const type of ['application/xml', 'text/plain']) {
      const res = await post(type, 'account=a@example.com');
      expect([type, res.status, await res.json()]).toEqual([type, 415, { code: 0, msg: 'The request must be sent as a form or as JSON', data: null }]);
    }
  });

  it('reads an empty plain-text or JSON body as no body, as `fetch` sends `body: \'\'`', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/json']) {
      const res = await post(type, '');
      expect([type, res.status, await res.json()]).toEqual([type, 200, { code: 0, msg: 'Login method is required', data: null }]);
    }
    // Still JSON as Fastify reads it: an object's prototype cannot be set through it.
    const poisoned = await post('application/json', '{"__proto__": {"x": 1}}');
    expect([poisoned.status, (await poisoned.json()).msg]).toEqual([400, 'The request could not be read']);
  });

  it('answers an unknown API path with the envelope', async () => {
    const res = await api.raw('/api/nothing/here', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 0, msg: 'Not found', data: null });
    // A bare prefix is the API's too, never the page.
    for (const bare of ['/api', '/v1', '/admin/api', '/api?x=1']) {
      const answer = await api.raw(bare);
      expect([bare, answer.status, await answer.json()]).toEqual([bare, 404, { code: 0, msg: 'Not found', data: null }]);
    }
  });

  it('says an image link that leads nowhere is not found in the reader\'s language, as every answer', async () => {
    const res = await api.raw('/api/common/image/nothing.png?e=1&s=x', { headers: { lang: 'de' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 0, msg: 'Nicht gefunden', data: null });
  });

  it('tells a plain request to the socket address that it takes a websocket, and refuses a broken handshake in the envelope', async () => {
    const res = await api.raw('/v1/ws', { headers: { lang: 'de' } });
    expect(res.status).toBe(426);
    expect(res.headers.get('upgrade')).toBe('websocket');
    expect(await res.json()).toEqual({ code: 0, msg: 'Diese Adresse nimmt nur eine WebSocket-Verbindung an', data: null });
    expect((await api.raw('/v1/ws', { method: 'HEAD' })).status).toBe(426);

    const answer = await rawExchange('GET /v1/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nlang: en\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ code: 0, msg: 'The request could not be read', data: null });
  });

  it('answers a path with a broken percent-escape with the envelope', async () => {
    for (const url of ['/api/news/%zz', '/%zz', '/admin/api/%zz']) {
      const res = await api.raw(url);
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toEqual({ code: 0, msg: 'The request could not be read', data: null });
    }
  });

  it('refuses a NUL character, which no text column can hold, as an invalid field', async () => {
    const search = await api.get('/api/company/getCompany', { name: 'a\u0000b' });
    expect(search).toEqual({ code: 0, msg: 'Name is invalid', data: null });
    const note = await api.form('/api/feedback', { text: 'a\u0000b' });
    expect(note).toEqual({ code: 0, msg: 'Message is invalid', data: null });
    const rows = await server.store.db.execute(sql`SELECT count(*)::int AS n FROM feedback`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('refuses text of which nothing shows, and a direction override, as invalid; keeps joiners inside real text', async () => {
    const feedback = async (text: string) => (await api.form('/api/feedback', { text })).msg;
    expect(await feedback('\u200B\u200C\u2060')).toBe('Message is invalid');
    expect(await feedback(' \u200D \uFEFF ')).toBe('Message is invalid');
    // Reads "alice" reversed on a reviewer's screen.
    expect(await feedback('\u202Eecila')).toBe('Message is invalid');
    const rows = await server.store.db.execute(sql`SELECT count(*)::int AS n FROM feedback`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // A Persian word with its zero-width non-joiner, and an emoji sequence with its joiner, are text.
    expect(await feedback('می\u200Cخواهم')).not.toMatch(/invalid/);
    expect(await feedback('👩\u200D💻')).not.toMatch(/invalid/);
  });

  it('names a multipart body it cannot read', async () => {
    const email = 'garbled-upload@example.com';
    await api.form('/api/notify/send_email', { to: email, type: 1 });
    const trader = await api.form<{ token: string }>('/api/user/register', { type: 'email', account: email, password: 'secret123', re_password: 'secret123', sms_code: (await server.lastCode(email))! });
    const res = await api.raw('/api/common/image_upload', {
      method: 'POST',
      headers: { authorization: trader.data.token, 'content-type': 'multipart/form-data' },
      body: 'garbage',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 0, msg: 'The request could not be read', data: null });
  });

  it('answers requests the HTTP parser refuses (headers too large, a broken body) with the envelope', async () => {
    const long = await api.raw(`/api/user/info?x=${'a'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    // In the request's language, read from the bytes the parser gave up on.
    expect(await long.json()).toEqual({ code: 0, msg: 'The request is too large', data: null });

    const answer = await rawExchange('POST /api/user/loginForU HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 0, msg: expect.any(String), data: null });
  });

  it('answers a server fault without its SQL or parameters', async () => {
    // A fault of the store: the table a call reads is gone for a moment.
    await server.store.db.execute(sql`ALTER TABLE areas RENAME TO areas_away`);
    try {
      const res = await api.raw('/api/default/area_list');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ code: 0, msg: 'Something went wrong, please try again', data: null });
      expect(text).not.toMatch(/areas|select/i);
    } finally {
      await server.store.db.execute(sql`ALTER TABLE areas_away RENAME TO areas`);
    }
  });
});
