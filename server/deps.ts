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

type BoundRoute = <C extends CallDef>(call: C, handler: Parameters<typeof route<C>>[3], options?: RouteOptions) => void;

/** What every group of routes is given. */
export interface Deps {
  app: FastifyInstance;
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: Limits;
  market: Market;
  hub: Hub;
  route: BoundRoute;
}
