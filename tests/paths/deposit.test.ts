import type { BankAccount, DepositNetwork } from '../../contract/funds';
import { depositMachine } from '../../machines/funds/deposit';
import { pathSuite } from './runner';

const network: DepositNetwork = { id: 3, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', currency_code: 'USDT', protocol_code: 'TRC20' };
const account: BankAccount = {
  id: 5, bank_name: 'Bank', bank_address: 'Street 1', bank_swift: 'BANKGB2L', payee_name: 'Co', payee_account: 'GB00 0000', bank_remark: null,
};

pathSuite('deposit', {
  machine: depositMachine,
  inputs: [{ tab: 'coin', demo: false }, { tab: 'bank', demo: false }, { tab: 'coin', demo: true }],
  events: [
    { type: 'TAB.SELECT', tab: 'bank' },
    { type: 'TAB.SELECT', tab: 'coin' },
    { type: 'NETWORK.SELECT', id: 3 },
    { type: 'BANK_COIN.SELECT', id: 2 },
    { type: 'BANK_ACCOUNT.SELECT', id: 5 },
    { type: 'AMOUNT.CHANGE', value: '100' },
    { type: 'REFERENCE.CHANGE', value: '0xabc' },
    { type: 'PROOF.UPLOADED', url: '/uploads/p.png' },
    { type: 'PROOF.CLEARED' },
    { type: 'DEPOSIT.SUBMIT' },
    { type: 'RETRY' },
    { type: 'LIST.MORE' },
    { type: 'LIST.REFRESH' },
    { type: 'BALANCE.CHANGED' },
  ],
  outputs: {
    loadNetworks: [[network], []],
    loadBankCoins: [[{ id: 2, name: 'USD' }]],
    loadBankAccounts: [[account], []],
  },
  // The history lists, the proof upload and the pushes stay real (their own I/O inert).
  realChildren: ['history', 'coinHistory', 'bankHistory', 'proof', 'proofUpload', 'pushes'],
  project: (c) => [c.networkId ?? null, c.bankCoinId ?? null, c.bankAccounts.length, c.bankAccountId ?? null, c.problem ?? null],
});
