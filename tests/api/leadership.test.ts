import { leadershipSuite } from '../support/leadership-suite';

leadershipSuite('embedded', () => ({}));
