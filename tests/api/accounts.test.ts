import { accountSuite } from '../support/account-suite';

accountSuite('embedded store', () => ({}));
