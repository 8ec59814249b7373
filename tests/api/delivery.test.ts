import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/build/precompress';
import { startServer, type TestServer } from '../support/server';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Plain node:http, so nothing decompresses or adds an Accept-Encoding behind the test's back. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });

const varies = (a: Answer) => String(a.headers.vary).toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

/** A client build of the usual shape, compressed by the build's own step. */
async function builtClient(): Promise<{ dir: string; script: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tradedesk-client-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.mkdir(path.join(dir, 'admin'));
  const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body>${'<div></div>'.repeat(80)}</body></html>`;
  await fs.writeFile(path.join(dir, 'index.html'), page('trader'));
  await fs.writeFile(path.join(dir, 'admin', 'index.html'), page('staff'));
  await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ name: 'TradeDesk', description: 'x'.repeat(600) }));
  const script = Array.from({ length: 400 }, (_, i) => `export const quote${i} = ${i} * 1.0001;`).join('\n');
  await fs.writeFile(path.join(dir, 'assets', 'app-Ab3dE_9z.js'), script);
  await precompressDir(dir);
  return { dir, script };
}

describe('the built client on the wire', () => {
  let server: TestServer;
  let script: string;
  beforeAll(async () => {
    const client = await builtClient();
    script = client.script;
    server = await startServer({}, { CLIENT_DIR: client.dir });
  });
  afterAll(() => server?.close());

  it('sends a hashed file as brotli when the browser takes it, cached for a year', async () => {
    const answer = await get(`${server.url}/assets/app-Ab3dE_9z.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(answer)).toBe(true);
    expect(answer.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gzipped = await get(`${server.url}/assets/app-Ab3dE_9z.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    expect(varies(gzipped)).toBe(true);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get(`${server.url}/assets/app-Ab3dE_9z.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // A shared cache must not hand this plain copy to a browser that takes brotli.
    expect(varies(plain)).toBe(true);
  });

  it.each([
    ['/', 'trader'],
    ['/trade', 'trader'],
    ['/manifest.json', 'TradeDesk'],
    ['/admin/', 'staff'],
  ])('asks the browser to revalidate %s by its ETag', async (url, text) => {
    const first = await get(`${server.url}${url}`, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toContain(text);
    expect(first.headers.etag).toBeTruthy();
    const again = await get(`${server.url}${url}`, { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses an API answer for a browser that takes it, and leaves a small one plain', async () => {
    const list = await get(`${server.url}/v1/api/forex/trade_list`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(varies(list)).toBe(true);
    const text = brotliDecompressSync(list.body).toString();
    expect(JSON.parse(text)).toMatchObject({ code: 1 });
    expect(list.body.length).toBeLessThan(text.length / 3);

    const gzipped = await get(`${server.url}/v1/api/forex/trade_list`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzipped.body).toString()).toBe(text);
    const plain = await get(`${server.url}/v1/api/forex/trade_list`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);

    const small = await get(`${server.url}/healthz`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ code: 1 });
  });

  it('never serves the compressed copies under their own names', async () => {
    const answer = await get(`${server.url}/assets/app-Ab3dE_9z.js.br`, { 'accept-encoding': 'identity' });
    expect(answer.headers['content-type']).not.toMatch(/javascript/);
    expect(answer.body.includes(Buffer.from('quote1 ='))).toBe(false);
  });

  it('answers a built file that is not there with 404, not with the page', async () => {
    const missing = await get(`${server.url}/assets/app-Gone1234.js`, {});
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
    const route = await get(`${server.url}/trade`, {});
    expect(route.status).toBe(200);
  });
});
