import { leadershipSuite } from '../support/leadership-suite';
import { postgresSchema } from '../support/postgres';

leadershipSuite('PostgreSQL', postgresSchema('leadership'));
