import { siteSuite } from '../support/site-suite';

siteSuite('embedded store', () => ({}));
