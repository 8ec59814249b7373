import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/platform/mail/mailer';
import { startSmtp } from '../support/smtp';

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it('delivers to plain SMTP on loopback when SMTP_URL is set', async () => {
    const mailer = await createMailer({ smtpUrl: smtp.url, from: 'TradeDesk <no-reply@tradedesk.test>', dataDir: '/nonexistent', log: () => {} });
    await mailer.send({ to: 'ann@example.com', subject: 'Your verification code', text: 'Your verification code is 123456.' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['<ann@example.com>']);
    expect(smtp.received[0]!.data).toContain('Subject: Your verification code');
    expect(smtp.received[0]!.data).toContain('123456');
  });
});
