import type { WithdrawCurrency, WithdrawWay } from '../../contract/funds';
import { bindWayMachine } from '../../machines/funds/bind-way';
import { payoutMethodsMachine } from '../../machines/funds/payout-methods';
import { pathSuite } from './runner';

const way: WithdrawWay = { id: 9, bank_name: 'Bank', payee_name: 'A B', payee_account: '****1234', draw_currency: { code: 'USD', protocol: 'SWIFT' } };
const currency: WithdrawCurrency = { id: 4, code: 'USD', protocol: 'SWIFT', draw_rate: '0.01', fee_type: 2, usd_price: '1' };

pathSuite('payoutMethods', {
  machine: payoutMethodsMachine,
  inputs: [{ type: 1 }, { type: 2 }],
  events: [{ type: 'DELETE.ASK', id: 9 }, { type: 'DELETE.ACCEPT' }, { type: 'DELETE.CANCEL' }, { type: 'RETRY' }],
  outputs: { loadWays: [[way], []] },
  project: (c) => [c.ways.length, c.deleteId ?? null],
});

pathSuite('bindWay', {
  machine: bindWayMachine,
  inputs: [{ type: 1 }, { type: 2 }],
  events: [
    { type: 'CURRENCY.SELECT', id: 4 },
    { type: 'FIELD.CHANGE', field: 'dc_address', value: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    { type: 'FIELD.CHANGE', field: 'bank_name', value: 'Bank' },
    { type: 'FIELD.CHANGE', field: 'payee_name', value: 'A B' },
    { type: 'FIELD.CHANGE', field: 'payee_account', value: 'GB00 1234' },
    { type: 'BIND.SUBMIT' },
    { type: 'RETRY' },
  ],
  outputs: { loadCurrencies: [[currency], []] },
  project: (c) => [c.currencyId ?? null, Object.values(c.fields).filter((v) => v !== '').length, c.problem ?? null],
});
