import { rankingSuite } from '../support/ranking-suite';
import { postgresSchema } from '../support/postgres';

rankingSuite('PostgreSQL', postgresSchema('ranking'));
