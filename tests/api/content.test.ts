import { contentSuite } from '../support/content-suite';

contentSuite('embedded store', () => ({}));
