import { postgresSchema } from '../support/postgres';
import { ledgerSuite } from '../support/ledger-suite';

ledgerSuite('PostgreSQL', postgresSchema('ledger'));
