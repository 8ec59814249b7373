import { describe, expect, it } from 'vitest';
import { requestParams, sendNotice } from '../../server/funds/notices';
import type { Mail, Mailer } from '../../server/platform/mail/mailer';

/** Keeps what it was asked to send. */
function keptMails() {
  const sent: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => { sent.push(mail); } };
  return { sent, mailer };
}

describe('emails about money', () => {
  it('write the amount with two places and grouping, and the request number as it is', async () => {
    const { sent, mailer } = keptMails();
    await sendNotice(mailer, { to: 'ann@example.com', lang: 'en', subject: 'mail_withdraw_subject', body: 'mail_withdraw_paid', params: { ...requestParams(1234, '1500.000000'), txid: '0xabc' } });
    expect(sent).toEqual([{ to: 'ann@example.com', subject: 'Your withdrawal', text: 'Your withdrawal #1234 of 1,500.00 USD has been paid (reference 0xabc).' }]);
  });

  it('in the reader\'s language and number style', async () => {
    const { sent, mailer } = keptMails();
    await sendNotice(mailer, { to: 'ben@example.com', lang: 'de', subject: 'mail_deposit_subject', body: 'mail_deposit_approved', params: requestParams(7, '2500.5') });
    expect(sent[0]!.text).toContain('2.500,50');
    expect(sent[0]!.text).toContain('#7');
  });
});
