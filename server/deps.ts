import type { FastifyInstance } from 'fastify';
import type { CallDef } from '../contract/define';
import type { Limits } from './platform/auth/limits';
import type { Config } from './platform/config';
import type { Mailer } from './platform/mail/mailer';
import type { Market } from './market/market';
import type { RouteOptions } from './platform/http/route';
import type { Db } from './platform/store/open';
import type { Hub } from './platform/ws/hub';
import type { route } from './platform/http/route';
import type { Settings } from './settings/settings';
import type { Leadership } from './cluster/leadership';
import type { Desk } from './trading/desk';

type BoundRoute = <C extends CallDef>(call: C, handler: Parameters<typeof route<C>>[3], options?: RouteOptions) => void;

/** The parts made at start-up and handed to the server: tests and `main.ts` make them alike. */
export interface Parts {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: Limits;
  market: Market;
  /** Who gets which socket frame: in one process a `LocalHub`; a broker-backed hub can replace it. */
  hub: Hub;
  settings: Settings;
  /** The engine's leadership of this node; the engine writes under its fence. */
  leadership: Leadership;
  /** Among several nodes: the active engine, wherever it runs. Absent: the engine runs in this process. */
  desk?: Desk;
  /** Among several nodes: what this node lacks to serve (the bus, the active engine's prices); alone, absent. */
  clusterNeeds?: () => string[];
  /** Among several nodes: whether this node's engine answers commands yet (it leads and has loaded); alone, absent. */
  engineServing?: () => boolean;
}

/** What every group of routes is given. */
export interface Deps extends Parts {
  app: FastifyInstance;
  route: BoundRoute;
}
