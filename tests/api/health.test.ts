import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http';
import { startServer, type TestServer } from '../support/server';

describe('health, readiness and metrics of a node', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { NODE_ID: 'node-under-test' });
  });
  afterAll(() => server?.close());

  it('names the node, its role and the engine it leads', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { epoch: number } };
    expect(body).toEqual({ code: 1, msg: 'ok', data: { node: 'node-under-test', role: 'all', engine: 'active', epoch: expect.any(Number) } });
    expect(body.data.epoch).toBeGreaterThan(0);
  });

  it('is ready while its store answers and it leads the engine', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 1, data: { node: 'node-under-test' } });
  });

  it('counts requests and order commands in the Prometheus text format', async () => {
    const api = client(server.url);
    const demo = await api.get('/api/user/createAccountDemoForU', { demo_id: crypto.randomUUID() });
    // Refused (no quote: the feed is off), but timed all the same.
    await api.get('/v1/api/forex/submit', { type: 1, cont: 1, forex_id: 1, status: 1, multiple: 100 }, demo.data.token as string);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/user\/createAccountDemoForU",code="200"\} [1-9]/m);
    expect(text).toMatch(/^order_duration_seconds_count\{command="submit",outcome="refused"\} [1-9]/m);
    expect(text).toMatch(/^sockets_open 0$/m);
    expect(text).toMatch(/^engine_leader 1$/m);
    expect(text).toMatch(/^engine_tick_duration_seconds_count \d+$/m);
    expect(text).toMatch(/^socket_market_frames_conflated_total \d+$/m);
  });
});
