import { randomUUID } from 'node:crypto';
import { generateSecret, generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { staffApi } from '../support/staff';
import { Cluster, waitFor, type ClusterNode } from './support/cluster';
import { SERVICES } from './support/services';
import { apiOn, demoTrader, marketBuy, socketOn } from './support/trader';

const ADMIN = { email: 'admin@cluster.example', password: 'cluster-admin-1', secret: generateSecret() };
// Limits are counted in the machine's one Redis: this run's requests come from an address of its own
// (named by the trusted proxy header), so earlier runs' counts never refuse them.
const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const fromHere = { 'x-forwarded-for': address };

/** What one node does reaches every node: account frames, quotes, ended sessions, shared limits, settings. */
describe.skipIf(inject('clusterMissing'))('edges of one cluster', () => {
  const cluster = new Cluster('edges', {
    REDIS_URL: SERVICES.redis, TRUST_PROXY: '1',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_TOTP_SECRET: ADMIN.secret,
  });
  let a: ClusterNode, b: ClusterNode, edge: ClusterNode;
  let btc: number;

  beforeAll(async () => {
    await cluster.begin();
    // The first node makes the schema; the others start once it is there.
    a = await (await cluster.start('edges-a')).ready();
    [b, edge] = await Promise.all([
      cluster.start('edges-b').then((node) => node.ready()),
      cluster.start('edges-edge', { NODE_ROLE: 'edge' }).then((node) => node.ready()),
    ]);
    await cluster.leader();
    btc = (await cluster.sql<{ id: number }>(`SELECT id FROM products WHERE code = 'BTCUSD'`))[0]!.id; // open every day
  });
  afterAll(() => cluster.stop());

  it('pushes an order placed through one node to the trader\'s sockets on every node within 1 s', async () => {
    const token = await demoTrader(edge, fromHere);
    const sockets = await Promise.all([a, b, edge].map((node) => socketOn(node, token, ['FOREX_TRADE'])));
    const placed = await apiOn(edge, token).get('/v1/api/forex/submit', marketBuy(btc));
    expect(placed).toMatchObject({ code: 1 });
    const acknowledged = Date.now();
    const orderId = placed.data.Id as number;
    await Promise.all(sockets.map(async (socket, i) => {
      const frame = await socket.json<{ TransOrder: { Id: number }[]; seq: number }>('FOREX_TRADE', (f) => f.TransOrder.some((o) => o.Id === orderId));
      expect(Date.now() - acknowledged, `socket on ${[a, b, edge][i]!.id}`).toBeLessThan(1000);
      expect(frame.seq).toBeGreaterThan(0);
    }));
    sockets.forEach((socket) => socket.close());
  });

  it('keeps an edge unready while it hears no prices from an active engine', async () => {
    // Its bus is another deployment's, where no engine runs.
    const lonely = await cluster.start('edges-lonely', { NODE_ROLE: 'edge', BUS_PREFIX: `${cluster.busPrefix}-elsewhere` });
    const answer = await waitFor('the lonely edge to answer', async () => {
      const res = await fetch(`${lonely.url}/readyz`).catch(() => undefined);
      return res && { status: res.status, body: (await res.json()) as { code: number; msg: string } };
    }, 30_000, 200);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 0, msg: expect.stringContaining('no prices from the active engine') });
    expect((await fetch(`${edge.url}/readyz`)).status).toBe(200);
    await lonely.kill();
  });

  it('signs alike on every node without APP_SECRET: one secret, made once, kept in the database', async () => {
    const token = await demoTrader(edge, fromHere);
    const sign = () => Promise.all([a, b, edge].map(async (node) => (await apiOn(node, token).get('/api/user/support_identity')).data as { expires: number; signature: string }));
    // Asked across the turn of an hour, the expiry moves on: asked again, all fall in one hour.
    let answers = await sign();
    if (new Set(answers.map((s) => s.expires)).size > 1) answers = await sign();
    expect(answers[0]!.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(answers.map((s) => s.signature)).size).toBe(1);
  });

  it('sends DAY_MARKET quotes to sockets on every node, the engine\'s and the others\'', async () => {
    const sockets = await Promise.all([a, b, edge].map((node) => socketOn(node, undefined, ['DAY_MARKET'])));
    await Promise.all(sockets.map(async (socket) => {
      const first = await socket.json<{ symbol: string; time: number }>('DAY_MARKET', (f) => f.symbol === 'BTCUSD');
      const later = await socket.json<{ symbol: string; time: number }>('DAY_MARKET', (f) => f.symbol === 'BTCUSD' && f.time > first.time);
      expect(later.time).toBeGreaterThan(first.time);
    }));
    sockets.forEach((socket) => socket.close());
  });

  it('closes a session\'s sockets on another node within 1 s of its logout, and only that session\'s', async () => {
    const demoId = randomUUID();
    const session = async () => (await apiOn(edge, '').raw(`/api/user/createAccountDemoForU?demo_id=${demoId}`, { headers: fromHere }).then((r) => r.json())).data.token as string;
    const [leaving, staying] = [await session(), await session()];
    expect(leaving).not.toBe(staying);
    const [leavingSocket, stayingSocket] = await Promise.all([socketOn(b, leaving, ['FOREX_TRADE']), socketOn(b, staying, ['FOREX_TRADE'])]);

    expect(await apiOn(edge, leaving).form('/api/user/logout', {})).toMatchObject({ code: 1 });
    const loggedOut = Date.now();
    await Promise.race([leavingSocket.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open 1 s after logout')), 1000))]);
    expect(Date.now() - loggedOut).toBeLessThan(1000);
    stayingSocket.send('ping');
    expect(await stayingSocket.next((f) => f === 'pong')).toBe('pong');
    expect(stayingSocket.ws.readyState).toBe(stayingSocket.ws.OPEN);
    stayingSocket.close();
  });

  it('limits a login burst split across three nodes as one (5 per account)', async () => {
    const account = `burst-${randomUUID()}@example.com`;
    const login = (node: ClusterNode) => fetch(`${node.url}/api/user/loginForU`, {
      method: 'POST',
      headers: { lang: 'en', 'content-type': 'application/x-www-form-urlencoded', ...fromHere },
      body: new URLSearchParams({ login_type: 'email', account, password: 'not-the-password' }),
    }).then((res) => res.json() as Promise<{ code: number; msg: string }>);
    const answers = await Promise.all([a, b, edge, a, b, edge, a, b, edge].map(login));
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    const counted = answers.filter((answer) => answer.msg === 'Wrong email or password').length;
    const refused = answers.filter((answer) => answer.msg.startsWith('Too many attempts')).length;
    expect({ counted, refused }).toEqual({ counted: 5, refused: 4 });
  });

  it('a planned stop of an edge answers the calls it holds, says it is stopping, and sends its sockets elsewhere', async () => {
    const leaving = await (await cluster.start('edges-leaving', { NODE_ROLE: 'edge' })).ready();
    const token = await demoTrader(leaving, fromHere);
    const socket = await socketOn(leaving, token, ['FOREX_TRADE']);
    // Calls that need the engine, through the bus, sent one after another across the stop.
    const calls = Array.from({ length: 8 }, (_, i) => new Promise((go) => setTimeout(go, i * 15)).then(() =>
      fetch(`${leaving.url}/v1/api/forex/my_deal?status=1`, { headers: { lang: 'en', authorization: token } })
        .then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number } }), () => 'not taken' as const)));
    setTimeout(() => leaving.signal('SIGTERM'), 40);
    const answers = await Promise.all(calls);
    // Those the node took were answered; the later ones found it gone, as a balancer would.
    expect(answers.filter((answer) => answer !== 'not taken').length).toBeGreaterThan(0);
    for (const answer of answers) if (answer !== 'not taken') expect(answer).toMatchObject({ status: 200, body: { code: 1 } });
    expect(await socket.closed).toBe(1001);
    expect(await leaving.exited).toBe(0);
  });

  it('applies a settings change made through one node on every node', async () => {
    const staff = await staffApi(a.url)<{ token: string }>('/auth/login', { email: ADMIN.email, password: ADMIN.password, otp: generateSync({ secret: ADMIN.secret }) });
    expect(staff).toMatchObject({ code: 1 });
    const link = `https://help.example/${randomUUID()}`;
    expect(await staffApi(a.url)('/settings', { key: 'service_link', value: link }, staff.data.token)).toMatchObject({ code: 1 });
    await Promise.all([b, edge].map((node) => waitFor(`the new service link on ${node.id}`, async () => {
      const info = await apiOn(node, '').get<{ service_link: string }>('/api/basicSet/getBasicInfo');
      return info.data.service_link === link ? true : undefined;
    }, 2000, 50)));
  });
});
