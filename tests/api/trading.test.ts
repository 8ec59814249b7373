import { tradingSuite } from '../support/trading-suite';

tradingSuite('embedded store', () => ({}));
