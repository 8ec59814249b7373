import { fundsSuite } from '../support/funds-suite';
import { postgresSchema } from '../support/postgres';

fundsSuite('PostgreSQL', postgresSchema('funds'));
