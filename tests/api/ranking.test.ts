import { rankingSuite } from '../support/ranking-suite';

rankingSuite('embedded store', () => ({}));
