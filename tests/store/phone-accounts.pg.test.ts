import { postgresSchema } from '../support/postgres';
import { phoneSuite } from '../support/phone-suite';

phoneSuite('PostgreSQL', postgresSchema('phone_accounts'));
