import { fundsSuite } from '../support/funds-suite';

fundsSuite('embedded store', () => ({}));
// What a cluster runs: the uploads' bytes in the database every node reads.
fundsSuite('embedded store, uploads in the database', () => ({}), { UPLOADS_STORE: 'database' });
