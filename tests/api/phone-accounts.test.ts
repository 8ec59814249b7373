import { phoneSuite } from '../support/phone-suite';

phoneSuite('embedded store', () => ({}));
