import { siteSuite } from '../support/site-suite';
import { postgresSchema } from '../support/postgres';

siteSuite('PostgreSQL', postgresSchema('site'));
