import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';
import { TestSocket } from '../support/socket';

// A replay: EURUSD rises a pip every 100 ms for 30 s; USOIL is closed from the start.
const lines = [
  JSON.stringify({ t: 0, code: 'USOIL', open: false }),
  ...Array.from({ length: 300 }, (_, i) => {
    const bid = Number((1.085 + i * 0.0001).toFixed(5));
    return JSON.stringify({ t: i * 100, code: 'EURUSD', bid, ask: Number((bid + 0.0002).toFixed(5)) });
  }),
];

let server: TestServer;
let api: ReturnType<typeof client>;
const sockets: TestSocket[] = [];
const open = async () => {
  const socket = await TestSocket.open(server.url);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replay-'));
  const file = path.join(dir, 'ticks.jsonl');
  await fs.writeFile(file, lines.join('\n'));
  server = await startServer({}, { MARKET_FEED: `replay:${file}` });
  api = client(server.url);
});

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

describe('market calls', () => {
  it('lists at least 24 products in 5 categories, each with its fields and live status', async () => {
    const { code, data } = await api.get('/v1/api/forex/trade_list');
    expect(code).toBe(1);
    expect(data.length).toBeGreaterThanOrEqual(24);
    expect(new Set(data.map((p: any) => p.CategoryId)).size).toBeGreaterThanOrEqual(5);
    const eurusd = data.find((p: any) => p.Code === 'EURUSD');
    expect(eurusd).toMatchObject({ ShowCode: 'EUR/USD', MarketStatus: 1, PricePrecision: 5 });
    expect(eurusd.HasForexMultiple.length).toBeGreaterThan(0);
    // Both sides of the newest quote, so a row shows the ask before its first tick arrives.
    expect(eurusd.ForexQuotations.Ask).toBeCloseTo(eurusd.ForexQuotations.Close + 0.0002, 5);
    expect(data.find((p: any) => p.Code === 'USOIL').MarketStatus).toBe(2);
    // Not in the replay: no ticks, so not open.
    expect(data.find((p: any) => p.Code === 'GBPUSD').MarketStatus).toBe(2);
  });

  it('filters by code and translates categories by the lang header', async () => {
    const found = await api.get('/v1/api/forex/trade_list', { searchCurrency: 'usd' });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((p: any) => p.Code.includes('USD'))).toBe(true);
    // As traders write them: with a slash, by the shown name, by the common name.
    const codes = async (searchCurrency: string) => (await api.get('/v1/api/forex/trade_list', { searchCurrency })).data.map((p: any) => p.Code);
    expect(await codes('eur/usd')).toEqual(['EURUSD']);
    expect(await codes('Gold')).toEqual(['XAUUSD']);
    expect(await codes('dow')).toEqual(['US30']);
    expect((await codes('oil')).sort()).toEqual(['UKOIL', 'USOIL']);
    // Punctuation alone names nothing: no wildcard finds every product. Blank is no search at all.
    for (const text of ['%', '_', '/', '.']) expect(await codes(text), text).toEqual([]);
    expect((await codes(' ')).length).toBeGreaterThan(20);
    const en = await api.get('/v1/api/forex/getCategories');
    const de = await client(server.url, { lang: 'de' }).get('/v1/api/forex/getCategories');
    expect(en.data.length).toBeGreaterThanOrEqual(5);
    expect(de.data.map((c: any) => c.NameShowTrans)).not.toEqual(en.data.map((c: any) => c.NameShowTrans));
  });

  it('answers candles oldest first, and a clear message for an unknown product or period', async () => {
    const { data: products } = await api.get('/v1/api/forex/trade_list', { searchCurrency: 'EURUSD' });
    const id = products[0].Id;
    await new Promise((r) => setTimeout(r, 300));
    const kline = await api.get('/v1/api/forex/kline', { forex_id: id, period: '1min' });
    expect(kline.code).toBe(1);
    expect(kline.data.length).toBeGreaterThan(0);
    const times = kline.data.map((c: any) => c.Time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(kline.data.at(-1)).toMatchObject({ Period: '1min' });

    const unknown = await api.get('/v1/api/forex/kline', { forex_id: 999999, period: '1min' });
    expect(unknown.code).toBe(0);
    expect(unknown.msg).toMatch(/product/i);
    const badPeriod = await api.get('/v1/api/forex/kline', { forex_id: id, period: '2min' });
    expect(badPeriod.code).toBe(0);
    expect(badPeriod.msg).toMatch(/period/);
    const spark = await api.get('/v1/api/forex/abbreviated_cache_kline', { forex_id: id, period: '15min' });
    expect(spark.code).toBe(1);
    expect(Array.isArray(spark.data)).toBe(true);
  });
});

describe('the socket', () => {
  it('answers a text ping with pong', async () => {
    const socket = await open();
    socket.send('ping');
    expect(await socket.next((f) => f === 'pong')).toBe('pong');
  });

  it('streams DAY_MARKET quotes after sub, and stops after unsub', async () => {
    const socket = await open();
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 1 });
    const first = await socket.json('DAY_MARKET', (f: any) => f.symbol === 'EURUSD');
    const later = await socket.json('DAY_MARKET', (f: any) => f.symbol === 'EURUSD' && f.time > first.time);
    expect(later.quotation.close).toBeGreaterThan(first.quotation.close);
    expect(later.quotation.ask).toBeCloseTo(later.quotation.close + 0.0002, 6);

    socket.send({ type: 'unsub', params: 'DAY_MARKET' });
    await socket.json('unsub_result');
    socket.frames.length = 0;
    await new Promise((r) => setTimeout(r, 400));
    expect(socket.frames.filter((f) => f.includes('DAY_MARKET'))).toEqual([]);
  });

  it('sends every period of a symbol on its KLINE topic', async () => {
    const socket = await open();
    socket.send({ type: 'sub', params: 'KLINE.EURUSD' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 1 });
    const periods = new Set<string>();
    for (let i = 0; i < 12 && periods.size < 6; i++) periods.add((await socket.json('KLINE')).kline.Period);
    expect([...periods].sort()).toEqual(['15min', '1day', '1min', '30min', '5min', '60min']);
  });

  it('refuses a bad token and account topics before login, and survives malformed frames', async () => {
    const socket = await open();
    const other = await open();
    other.send({ type: 'sub', params: 'DAY_MARKET' });
    await other.json('sub_result');

    socket.send({ type: 'login', params: 'not-a-token' });
    expect(await socket.json('login_result')).toMatchObject({ code: 0 });
    socket.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 0 });
    socket.send({ type: 'sub', params: 'BALANCE' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 0 });
    socket.send({ type: 'sub', params: 'KLINE.NOPE' });
    // Named as what it is, in the socket's language (the default, hk, here): not the wire's "params".
    expect(await socket.json('sub_result')).toMatchObject({ code: 0, msg: expect.stringContaining('主題') });
    // Candles go out on the code as listed: another spelling would be a subscription nothing reaches.
    socket.send({ type: 'sub', params: 'KLINE.eurusd' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 0 });
    for (const junk of ['{', '[]', '{"no":"type"}', '{"type":"dance"}', JSON.stringify({ type: 'sub', params: 42 })]) socket.send(junk);
    socket.send('ping');
    await socket.next((f) => f === 'pong');
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    // The other client kept getting quotes all along.
    other.frames.length = 0;
    await other.json('DAY_MARKET');
  });

  it('accepts a real session and then the account topics', async () => {
    const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
    expect(demo.code).toBe(1);
    const socket = await open();
    socket.send({ type: 'login', params: demo.data.token });
    expect(await socket.json('login_result')).toMatchObject({ code: 1 });
    socket.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 1 });
    socket.send({ type: 'logout', params: '' });
    expect(await socket.json('logout_result')).toMatchObject({ code: 1 });
    socket.send({ type: 'sub', params: 'FOREX_CLOSED' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 0 });
  });

  it('reads a frame written from the spec\'s words: token and topic for params, a token after Bearer', async () => {
    const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
    const socket = await open();
    socket.send({ type: 'login', token: `Bearer ${demo.data.token}` });
    expect(await socket.json('login_result')).toMatchObject({ code: 1 });
    socket.send({ type: 'sub', topic: 'FOREX_TRADE' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 1 });
    socket.send({ type: 'unsub', topic: 'FOREX_TRADE' });
    expect(await socket.json('unsub_result')).toMatchObject({ code: 1 });
    socket.send({ type: 'logout' });
    expect(await socket.json('logout_result')).toMatchObject({ code: 1 });
  });

  it('takes frames in the order sent: a sub right behind a login is judged after it', async () => {
    const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
    const socket = await open();
    socket.send({ type: 'login', params: demo.data.token });
    socket.send({ type: 'sub', params: 'FOREX_TRADE' });
    socket.send('ping');
    await socket.next((f) => f === 'pong');
    const answers = socket.frames.filter((f) => f.includes('_result')).map((f) => JSON.parse(f) as { type: string; code: number });
    expect(answers.map((a) => [a.type, a.code])).toEqual([['login_result', 1], ['sub_result', 1]]);
  });
});
