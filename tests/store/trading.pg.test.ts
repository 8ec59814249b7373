import { postgresSchema } from '../support/postgres';
import { tradingSuite } from '../support/trading-suite';

tradingSuite('PostgreSQL', postgresSchema('trading'));
