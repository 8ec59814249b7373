import { companyDirectoryMachine } from '../../machines/market/company-directory';
import { productPageMachine } from '../../machines/market/product-page';
import { pathSuite } from './runner';

const company = {
  id: 7, name: 'Northwind Markets Ltd', logo: '', url: 'https://northwind.example', subject: 'Brokerage',
  registered_address: '1 Harbour Road', location: 'Limassol', email: 'info@northwind.example',
};

pathSuite('productPage', {
  machine: productPageMachine,
  events: [],
  outputs: { loadMainMode: [0, 1] },
});

pathSuite('companyDirectory', {
  machine: companyDirectoryMachine,
  events: [
    { type: 'QUERY.CHANGE', value: 'north' },
    { type: 'COMPANY.OPEN', id: 7 },
    { type: 'COMPANY.OPEN', id: 99 },
    { type: 'COMPANY.CLOSE' },
  ],
  outputs: { search: [[company], []] },
  project: (c) => [c.query, c.results.length, c.open?.id ?? 0],
});
