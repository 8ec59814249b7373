import { fundsSuite } from '../support/funds-suite';

fundsSuite('embedded store', () => ({}));
