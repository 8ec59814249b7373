import { describe, expect, it } from 'vitest';
import type { RealName } from '../../contract/identity';
import type { WithdrawCurrency } from '../../contract/funds';
import { bindRequest, missingField, type BindWayContext } from '../../machines/funds/bind-way';
import { coinRequest, wireRequest, type DepositContext } from '../../machines/funds/deposit';
import { depositHistoryRow } from '../../machines/funds/deposit.connect';
import { depositStatusName, isAmount, isPastCent, maskDestination, withdrawPreview } from '../../machines/funds/funds-rules';
import { withdrawHistoryRow } from '../../machines/funds/withdraw.connect';
import { amountInput, amountValue } from '../../machines/shared/decimal-input';
import { identityProblem, showsForm, type IdentityContext } from '../../machines/identity/identity';

const currency = (over: Partial<WithdrawCurrency> = {}): WithdrawCurrency => ({
  id: 1, code: 'USDT', protocol: 'TRC20', draw_rate: '2', fee_type: 1, usd_price: '1', ...over,
});

describe('funds rules', () => {
  it('reads an amount only when it is a positive decimal to the cent', () => {
    expect(['12', '12.5', ' 3 '].map(isAmount)).toEqual([true, true, true]);
    expect(['', '0', '-1', '1e3', 'abc', '1.'].map(isAmount)).toEqual([false, false, false, false, false, false]);
    // To the cent: a third decimal is no amount, and no fee or payout is previewed for it.
    expect(['50.00', '50.005', '0,125', '1.2345'].map(isAmount)).toEqual([true, false, false, false]);
    expect(withdrawPreview(currency(), '50.005')).toBeUndefined();
    // The form says why its preview is empty then, and only then.
    expect(['50.005', '0,125', '12.345', '50.00', '12', '', 'abc'].map(isPastCent)).toEqual([true, true, true, false, false, false, false]);
  });

  it('reads thousands as the app writes them, and a decimal comma as phones type it', () => {
    // A comma before exactly three digits groups thousands: an amount in USD has no third decimal.
    const read = ['10,000', '1,500.25', '1.500,25', '1,000,000', '10 000,50', '12,345,678.9'].map(amountValue);
    expect(read).toEqual(['10000', '1500.25', '1500.25', '1000000', '10000.50', '12345678.9']);
    // Any other single comma is decimal; a single point always is, as on the wire.
    expect(['10,5', '10,00', '0,125', '0,500', '1,5000', '1.500', '12'].map(amountValue)).toEqual(['10.5', '10.00', '0.125', '0.500', '1.5000', '1.500', '12']);
    // Groups that are not thousands are not guessed at: the text stays as typed, and is not an amount.
    expect(['1,50,000', '1,500,25', '1.2.3', '1,2.3', ',5', '1.'].map(amountValue)).toEqual(['1,50,000', '1,500,25', '1.2.3', '1,2.3', ',5', '1.']);
    expect(['1,50,000', '1,2.3'].map(isAmount)).toEqual([false, false]);
    expect(withdrawPreview(currency(), '10,000')).toEqual({ fee: '2.000000', received: '9998.000000' });
    // Typed digits are made Latin, the separators kept for the reading above: Arabic ١٠٬٠٠٠٫٥ is 10,000.5.
    expect(['١٠٬٠٠٠٫٥', '１０，０００', '10,000'].map(amountInput)).toEqual(['10,000.5', '10,000', '10,000']);
  });

  it('previews fee and received amount with the domain rules, received floored at 0 and kept to 6 places', () => {
    expect(withdrawPreview(currency(), '100')).toEqual({ fee: '2.000000', received: '98.000000' });
    expect(withdrawPreview(currency({ fee_type: 2, draw_rate: '0.015', usd_price: '0.9' }), '33.33')).toEqual({ fee: '0.500000', received: '29.547000' });
    expect(withdrawPreview(currency({ draw_rate: '5', usd_price: '0.000015' }), '999.99')?.received).toBe('0.014924');
    expect(withdrawPreview(currency({ draw_rate: '5' }), '1')?.received).toBe('0.000000');
    expect(withdrawPreview(undefined, '100')).toBeUndefined();
    expect(withdrawPreview(currency(), 'x')).toBeUndefined();
  });

  it('masks a long destination by its ends and leaves a short or masked one', () => {
    expect(maskDestination('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('TQn9Y2…bLSE');
    // Already masked by the server (as in the pickers): the same text, not cut again.
    expect(maskDestination('TQn9Y2…bLSE')).toBe('TQn9Y2…bLSE');
    expect(maskDestination('****1234')).toBe('****1234');
    expect(maskDestination(null)).toBe('');
  });

  it('names each deposit status', () => {
    expect([0, 1, 2, 3].map(depositStatusName)).toEqual(['unchecked', 'finished', 'rejected', 'invalid']);
  });

  it('builds deposit requests from the chosen channel, without an empty reference', () => {
    const c = { amount: ' 100 ', reference: ' ', proofUrl: '/u/p.png' } as DepositContext;
    expect(coinRequest(c, { id: 3, address: 'addr', currency_code: 'USDT', protocol_code: 'TRC20' }))
      .toEqual({ number: '100', proofImg: '/u/p.png', reference: undefined, address: 'addr', charge_id: 3 });
    expect(wireRequest({ ...c, reference: 'REF-1' }, { id: 5 } as never)).toEqual({ number: '100', proofImg: '/u/p.png', reference: 'REF-1', wire_id: 5 });
    // Ten thousand as typed in English is sent as ten thousand, not ten.
    expect(wireRequest({ ...c, amount: '10,000' }, { id: 5 } as never)).toMatchObject({ number: '10000' });
  });

  it('shows history rows with status names, masked destinations and cancel only while waiting', () => {
    const base = { id: 7, Id: 7, number: '50', real_number: '48', fee: '2', draw_currency: { code: 'USDT' }, status_name: 'Waiting', created_at: 't', type: 1, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', reason: null };
    expect(withdrawHistoryRow({ ...base, status: 'waiting' })).toMatchObject({ destination: 'TQn9Y2…bLSE', canCancel: true, reason: undefined, note: undefined });
    // The trader's remark comes back with the request.
    expect(withdrawHistoryRow({ ...base, status: 'waiting', notes: 'rent' }).note).toBe('rent');
    expect(withdrawHistoryRow({ ...base, status: 'rejected', reason: 'name mismatch' })).toMatchObject({ canCancel: false, reason: 'name mismatch', outcome: 'returned' });
    // Only a paid withdrawal was received; one taken back received nothing.
    expect(withdrawHistoryRow({ ...base, status: 'cancelled' }).outcome).toBe('returned');
    expect(withdrawHistoryRow({ ...base, status: 'paid' }).outcome).toBe('received');
    expect(withdrawHistoryRow({ ...base, status: 'approved' }).outcome).toBe('toReceive');
    // Paid to a coin address with a transaction hash, to a bank account with the bank's reference.
    expect(withdrawHistoryRow({ ...base, status: 'paid', txid: '0xfeed' })).toMatchObject({ txid: '0xfeed', txidLabel: 'withdraw.rowTxid' });
    expect(withdrawHistoryRow({ ...base, type: 2, address: null, payee_account: '12345678', status: 'paid', txid: 'BNP-55821' })).toMatchObject({ txid: 'BNP-55821', txidLabel: 'withdraw.rowReference' });
    expect(depositHistoryRow({ id: 1, Id: 1, number: 10, type: 0, currency_code: 'USDT', status: 2, created_at: 't', remark: 'no proof' }))
      .toMatchObject({ status: 'rejected', remark: 'no proof' });
  });
});

describe('payout method binding', () => {
  const fields = { dc_address: ' addr ', bank_name: 'Bank', bank_address: '', bank_swift: '', payee_name: 'A', payee_account: '123' };
  it('sends only the fields of its type, trimmed, empty optional ones left out', () => {
    expect(bindRequest({ type: 1, currencyId: 4, fields } as BindWayContext)).toEqual({ draw_id: 4, type: 1, dc_address: 'addr' });
    expect(bindRequest({ type: 2, currencyId: 4, fields } as BindWayContext)).toEqual({ draw_id: 4, type: 2, bank_name: 'Bank', payee_name: 'A', payee_account: '123' });
  });
  it('requires the address for type 1, and bank name, payee name and account for type 2', () => {
    expect(missingField({ type: 1, fields: { ...fields, dc_address: ' ' } } as BindWayContext)).toBe(true);
    expect(missingField({ type: 2, fields: { ...fields, dc_address: '' } } as BindWayContext)).toBe(false);
    expect(missingField({ type: 2, fields: { ...fields, payee_account: '' } } as BindWayContext)).toBe(true);
  });
});

describe('identity', () => {
  const record = (over: Partial<RealName>): RealName => ({ name: '', card_id: '', front_pic: '', reverse_pic: '', status: 0, review_status: 0, ...over });
  it('shows the form when nothing is submitted or the last try was rejected', () => {
    expect(showsForm(record({}))).toBe(true);
    expect(showsForm(record({ status: 1, review_status: 1 }))).toBe(false);
    expect(showsForm(record({ status: 2, review_status: 2 }))).toBe(false);
    expect(showsForm(record({ status: 1, review_status: 3 }))).toBe(true);
  });
  it('asks for the name, then the number, then both images, and stops when no attempt is left', () => {
    const c: IdentityContext = { center: record({}), name: '', cardId: '', frontUrl: undefined, backUrl: undefined, problem: undefined };
    expect(identityProblem(c)).toBe('name_required');
    expect(identityProblem({ ...c, name: 'A' })).toBe('card_required');
    expect(identityProblem({ ...c, name: 'A', cardId: '1', frontUrl: 'f' })).toBe('images_required');
    expect(identityProblem({ ...c, name: 'A', cardId: '1', frontUrl: 'f', backUrl: 'b' })).toBeUndefined();
    expect(identityProblem({ ...c, center: record({ attempts_left: 0 }), name: 'A' })).toBe('no_attempts');
  });
});
