import { postgresSchema } from '../support/postgres';
import { accountSuite } from '../support/account-suite';

accountSuite('PostgreSQL', postgresSchema('accounts'));
