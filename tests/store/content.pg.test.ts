import { contentSuite } from '../support/content-suite';
import { postgresSchema } from '../support/postgres';

contentSuite('PostgreSQL', postgresSchema('content'));
