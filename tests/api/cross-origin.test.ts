import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** Plain node:http, so the Host header is the test's to choose (as a proxy or DNS would give it). */
const ask = (url: string, method: string, headers: Record<string, string>) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });

/**
 * The spec's deployment: pages on app.example.com, the API on its `api.` sibling. The browser asks
 * before a cross-origin call with the app's headers; only the pages this host serves as API may call.
 */
describe('calls across origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { CORS_ORIGINS: 'https://help.example.org', VITE_COMPLAINT_ORIGIN: 'https://complaints.example.net/' });
  });
  afterAll(() => server?.close());

  const preflight = (host: string, origin: string) => ask(`${server.url}/api/user/info`, 'OPTIONS', {
    host, origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,lang',
  });

  it('lets the page whose API this host is call it, with the app\'s headers', async () => {
    const answer = await preflight('api.example.com', 'http://app.example.com');
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('http://app.example.com');
    expect(String(answer.headers['access-control-allow-headers']).split(/,\s*/)).toEqual(expect.arrayContaining(['authorization', 'lang']));
    expect((await preflight('api.example.com', 'https://app.example.com')).headers['access-control-allow-origin']).toBe('https://app.example.com');
    const call = await ask(`${server.url}/api/default/complaint_email`, 'GET', { host: 'api.example.com', origin: 'http://app.example.com' });
    expect(call.headers['access-control-allow-origin']).toBe('http://app.example.com');
  });

  it('refuses other sites, and a page of another domain, unless named', async () => {
    for (const origin of ['https://evil.example', 'http://app.example.org', 'http://example.com']) {
      expect((await preflight('api.example.com', origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    expect((await preflight('api.example.com', 'https://help.example.org')).headers['access-control-allow-origin']).toBe('https://help.example.org');
  });

  it('leaves everything but the API alone, so a kept copy of a built file never varies by origin', async () => {
    const answer = await ask(`${server.url}/healthz`, 'GET', { host: 'api.example.com', origin: 'http://app.example.com' });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(answer.headers.vary ?? '')).not.toMatch(/origin/i);
  });

  it('lets the page connect to its API\'s host and the complaint email\'s host', async () => {
    const page = await ask(`${server.url}/healthz`, 'GET', { host: 'app.example.com' });
    const connect = /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))![1]!.split(' ');
    expect(connect).toEqual(expect.arrayContaining(["'self'", 'https://api.example.com', 'http://api.example.com', 'https://complaints.example.net']));
    // Sockets to the page's host and its API's, none elsewhere (a script let in could send data out over one).
    expect(connect.filter((source) => /^wss?:/.test(source)).sort()).toEqual(['ws://api.example.com', 'ws://app.example.com', 'wss://api.example.com', 'wss://app.example.com']);
    const local = await ask(`${server.url}/healthz`, 'GET', { host: '127.0.0.1' });
    expect(String(local.headers['content-security-policy'])).not.toContain('api.');
  });
});

describe('the back-office across origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { CORS_ORIGINS: 'https://help.example.org' });
  });
  afterAll(() => server?.close());

  it('answers no other origin: its page calls from its own', async () => {
    for (const origin of ['http://app.example.com', 'https://help.example.org']) {
      const answer = await ask(`${server.url}/admin/api/auth/login`, 'OPTIONS', { host: 'api.example.com', origin, 'access-control-request-method': 'POST' });
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('may not be framed, frame anything, or connect elsewhere', async () => {
    for (const path of ['/admin/', '/admin', '/admin/withdrawals']) {
      const page = await ask(`${server.url}${path}`, 'GET', { host: 'app.example.com' });
      const policy = String(page.headers['content-security-policy']);
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("frame-src 'none'");
      expect(/connect-src ([^;]*)/.exec(policy)![1], path).toBe("'self'");
      expect(page.headers['x-frame-options'], path).toBe('DENY');
    }
    // The trader's pages keep theirs: the support chat's frame, the API's sibling host.
    const trader = String((await ask(`${server.url}/healthz`, 'GET', { host: 'app.example.com' })).headers['content-security-policy']);
    expect(trader).toContain('frame-src *');
    expect(trader).toContain('https://api.example.com');
  });
});
