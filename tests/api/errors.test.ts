import fs from 'node:fs/promises';
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

  const post = (contentType: string, body: string) =>
    api.raw('/api/user/loginForU', { method: 'POST', headers: { 'content-type': contentType }, body });

  it('serves the client only when it is there', async () => {
    const page = await api.raw('/trade');
    expect(page.status).toBe(withClient ? 200 : 404);
    if (withClient) expect(await page.text()).toContain('<title>app</title>');
  });

  it('names malformed JSON', async () => {
    const res = await post('application/json', '{"account":');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 0, msg: 'The request could not be read', data: null });
  });

  it('names a body too large', async () => {
    const res = await post('application/x-www-form-urlencoded', `account=${'a'.repeat(200_000)}`);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 0, msg: 'The request is too large', data: null });
  });

  it('names an unknown content type', async () => {
    const res = await post('application/xml', '<login/>');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 0, msg: 'The request must be sent as a form or as JSON', data: null });
  });

  it('answers an unknown API path with the envelope', async () => {
    const res = await api.raw('/api/nothing/here', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 0, msg: 'Not found', data: null });
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
