import type { Config } from '../platform/config';
import type { Db } from '../platform/store/open';
import type { LiveMarket } from '../market/live-market';
import { openMarket } from '../market/open';
import type { Settings } from '../settings/settings';
import * as ledger from '../ledger/ledger';
import { engineWriters, openEngineDesk } from '../trading/desk';
import { Bus, SUBJECTS } from './bus';
import { ClusterHub } from './cluster-hub';
import { EngineSeat } from './engine-seat';
import type { Leadership } from './leadership';
import { followTicks, tickRelay } from './market-relay';
import { NewestEpoch } from './newest-epoch';
import { RemoteDesk, serveDesk } from './remote-desk';

/** How often the leader tells every follower each instrument's open status (a node may have started since it changed). */
const STATUS_EVERY_MS = 2000;
/** Without a word of the engine's market this long (a takeover takes about 3 s), a node is not ready. */
const MARKET_SILENT_MS = 10_000;

type Change = { node: string; what: 'settings' | 'catalogue' | 'released' };
type WalletChange = { node: string; change: ledger.WalletAmounts };

/**
 * The parts of a node among several (`NATS_URL` set): a market that follows the active engine's
 * ticks, a hub whose account frames cross the bus, a desk that asks the active engine, and (unless
 * the node is an edge) a seat at the engine: standby, or active with the engine and the feed here.
 */
export async function joinCluster(config: Config, db: Db, leadership: Leadership, settings: Settings, log: (message: string, error?: unknown) => void) {
  const node = config.nodeId;
  const bus = await Bus.open(config.natsUrl!, { name: node, prefix: config.busPrefix });
  const market: LiveMarket = await openMarket(config, db, { follow: true, log });
  const epochs = new NewestEpoch();
  const hub = new ClusterHub(bus, epochs);
  const desk = new RemoteDesk(bus);

  const following = followTicks(bus, node, market, epochs);
  const stops = [
    following.stop,
    // Money moves on every node (a deposit credited, a withdrawal held): the engine must hear it all.
    ledger.onWalletChange((change) => !change.remote && bus.publish(SUBJECTS.wallets, { node, change } satisfies WalletChange)),
    bus.subscribe<WalletChange>(SUBJECTS.wallets, (w) => w.node !== node && ledger.heardWalletChange(w.change)),
    // What staff change on one node, every node reads again.
    settings.subscribe(() => bus.publish(SUBJECTS.changed, { node, what: 'settings' } satisfies Change)),
    market.subscribe((event) => event.type === 'catalogue' && bus.publish(SUBJECTS.changed, { node, what: 'catalogue' } satisfies Change)),
    bus.subscribe<Change>(SUBJECTS.changed, (change) => {
      if (change.node === node) return;
      if (change.what === 'settings') void settings.reload().catch((error) => log('could not read the settings again', error));
      else if (change.what === 'catalogue') void market.reloadCatalogue({ announce: false }).catch((error) => log('could not read the catalogue again', error));
      else seat?.nudge();
    }),
  ];

  const statusTimer = setInterval(() => market.relayStatuses(), STATUS_EVERY_MS);
  statusTimer.unref();
  stops.push(() => clearInterval(statusTimer));

  let engine: { stop: () => Promise<void> } | undefined;
  const seat = config.nodeRole === 'edge' ? undefined : new EngineSeat(leadership, {
    lead: async () => {
      const fence = leadership.fence();
      hub.lead(fence.epoch);
      await market.lead(tickRelay(bus, node, fence.epoch, log), fence);
      const here = await openEngineDesk({ db, market, settings, hub }, { fence, writers: engineWriters(config.databaseUrl) });
      const stopServing = serveDesk(bus, here.desk, () => epochs.current(fence.epoch));
      engine = { stop: async () => { await stopServing(); await here.stop(); } };
    },
    lose: async () => {
      // A planned stop still leads: what the market has not written yet goes now (refused by the fence otherwise).
      await market.flush().catch(() => {});
      market.follow();
      await engine?.stop();
      engine = undefined;
      hub.lead(undefined);
    },
    log,
  });

  return {
    bus, market, hub, desk,
    /** What the node lacks to serve: the bus, and (unless it runs the engine) the engine's market, which speaks every 2 s. */
    needs(): string[] {
      const missing: string[] = [];
      if (!bus.connected) missing.push('the bus does not answer');
      if (!seat?.active && Date.now() - following.lastHeard() > MARKET_SILENT_MS) missing.push('no prices from the active engine');
      return missing;
    },
    /** Whether the engine here answers commands: from the end of its loading, not from its taking the lead. */
    engineServing: () => engine !== undefined,
    /** A planned stop: the lead is handed over at once, then the node leaves the bus. */
    async stop(): Promise<void> {
      const led = seat?.active ?? false;
      await seat?.stop();
      if (led) bus.publish(SUBJECTS.changed, { node, what: 'released' } satisfies Change);
      stops.forEach((stop) => stop());
      hub.close();
      await market.stop();
      await bus.close();
    },
  };
}
