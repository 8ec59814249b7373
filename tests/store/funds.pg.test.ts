import { fundsSuite } from '../support/funds-suite';
import { postgresSchema } from '../support/postgres';

// A cluster's store: PostgreSQL, with the uploads' bytes in it (bytea comes back as a Buffer here).
fundsSuite('PostgreSQL, uploads in the database', postgresSchema('funds'), { UPLOADS_STORE: 'database' });
