import { randomUUID } from 'node:crypto';
import { client, type Envelope } from '../../support/http';
import { TestSocket } from '../../support/socket';
import type { ClusterNode } from './cluster';

/** A market buy of the smallest lot, keyed with `client_order_id` when one is given. */
export const marketBuy = (productId: number, clientOrderId?: string) => ({
  type: 1, cont: 0.01, forex_id: productId, status: 1, multiple: 10, ...(clientOrderId ? { client_order_id: clientOrderId } : {}),
});

/** A demo trader made through `node`; its token works on every node (sessions are in the database). */
export async function demoTrader(node: ClusterNode, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${node.url}/api/user/createAccountDemoForU?demo_id=${randomUUID()}`, { headers: { lang: 'en', ...headers } });
  const demo = (await res.json()) as Envelope<{ token: string }>;
  if (demo.code !== 1) throw new Error(`no demo account from ${node.id}: ${demo.msg}`);
  return demo.data.token;
}

/** The trader's API on one node. */
export const apiOn = (node: ClusterNode, token: string) => client(node.url, { token });

/** A socket on `node`, logged in as the trader (when a token is given) and subscribed to `topics`. */
export async function socketOn(node: ClusterNode, token: string | undefined, topics: string[]): Promise<TestSocket> {
  const socket = await TestSocket.open(node.url);
  if (token) {
    socket.send({ type: 'login', params: token });
    const login = await socket.json<{ code: number; msg: string }>('login_result');
    if (login.code !== 1) throw new Error(`socket login on ${node.id} refused: ${login.msg}`);
  }
  for (const topic of topics) {
    socket.send({ type: 'sub', params: topic });
    const sub = await socket.json<{ code: number; msg: string }>('sub_result');
    if (sub.code !== 1) throw new Error(`sub ${topic} on ${node.id} refused: ${sub.msg}`);
  }
  return socket;
}
