import type { Config } from '../platform/config';
import { LEASE_MS, type Leadership } from './leadership';

/** A node that must not start, with the reason in words an operator can act on. */
export class StartRefused extends Error {}

/**
 * Makes a node without a bus the engine before it serves anything. Without a bus there is no
 * standby and no edge: the node leads or does not start, so two processes on one database can
 * never both execute. `embedded`: the embedded store, which no other process can open.
 */
export async function claimEngine(leadership: Leadership, config: Config, { embedded }: { embedded: boolean }): Promise<void> {
  if (config.nodeRole !== 'all') throw new StartRefused(`NODE_ROLE=${config.nodeRole} needs NATS_URL: an edge and an engine talk over the bus`);
  if (await leadership.campaign({ force: embedded })) return;
  // Our own name on a live lease: this node's last run, killed before it could end the lease, or a
  // second process under the same NODE_ID. A lease nobody renews tells them apart.
  if ((await leadership.holder())?.node === leadership.node) {
    await new Promise((resolve) => setTimeout(resolve, leadership.leaseMs + 250));
    if (await leadership.campaign()) return;
  }
  const holder = await leadership.holder();
  const who = holder?.node === leadership.node ? `another process with this NODE_ID (${holder.node})` : `another node (${holder?.node ?? 'unknown'})`;
  throw new StartRefused(
    `${who} runs the engine on this database; `
      + `more than one node needs NATS_URL (docs/scaling.md), or stop that node first (its lease ends ${LEASE_MS / 1000} s after it stops)`,
  );
}

/**
 * Renews the lease while the node runs. Losing it means another node took over: this one has
 * stopped writing (every write is fenced) and is told so through `lost`.
 */
export function keepLeading(leadership: Leadership, { lost, failed }: { lost: () => void; failed: (error: unknown) => void }): () => void {
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    leadership.renew()
      .then((leads) => (leads ? undefined : lost()), failed)
      .finally(() => (renewing = false));
  }, LEASE_MS / 3);
  timer.unref();
  return () => clearInterval(timer);
}
