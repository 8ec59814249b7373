import type { WithdrawCurrency, WithdrawWay } from '../../contract/funds';
import { withdrawMachine } from '../../machines/funds/withdraw';
import { pathSuite } from './runner';

const currency: WithdrawCurrency = { id: 4, code: 'USDT', protocol: 'TRC20', draw_rate: '1', fee_type: 1, usd_price: '1' };
const other: WithdrawCurrency = { ...currency, id: 6, code: 'BTC', protocol: 'BTC' };
const way: WithdrawWay = { id: 9, dc_address: 'TQn9…KcbL', draw_currency: { code: 'USDT', protocol: 'TRC20' } };

pathSuite('withdraw', {
  machine: withdrawMachine,
  inputs: [{ type: 1 }, { type: 2 }],
  events: [
    { type: 'TAB.SELECT', drawType: 1 },
    { type: 'TAB.SELECT', drawType: 2 },
    { type: 'CURRENCY.SELECT', id: 6 },
    { type: 'WAY.SELECT', id: 9 },
    { type: 'AMOUNT.CHANGE', value: '50' },
    { type: 'MEMO.CHANGE', value: 'rent' },
    { type: 'WITHDRAW.SUBMIT' },
    { type: 'BIND.GO' },
    { type: 'BIND.DISMISS' },
    { type: 'RETRY' },
    { type: 'CANCEL.ASK', id: 12 },
    { type: 'CANCEL.ACCEPT' },
    { type: 'CANCEL.DISMISS' },
    { type: 'LIST.MORE' },
    { type: 'LIST.REFRESH' },
    { type: 'BALANCE.CHANGED' },
  ],
  outputs: {
    loadIdentity: [false],
    loadCurrencies: [[currency, other], []],
    loadWays: [[way], []],
  },
  realChildren: ['history', 'addressHistory', 'bankHistory', 'balance', 'pushes'],
  project: (c) => [c.type, c.currencyId ?? null, c.wayId ? 1 : 0, c.problem ?? null],
});
