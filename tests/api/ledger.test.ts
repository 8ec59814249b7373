import { ledgerSuite } from '../support/ledger-suite';

ledgerSuite('embedded store', () => ({}));
