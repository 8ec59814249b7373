import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config';
import { createMailer } from '../../server/platform/mail/mailer';
import { mailOutbox } from '../../server/platform/mail/schema';
import { openStore, type Store } from '../../server/platform/store/open';
import { startSmtp } from '../support/smtp';

const FROM = 'TradeDesk <no-reply@tradedesk.test>';
const code = { to: 'ann@example.com', subject: 'Your verification code', text: 'Your verification code is 123456.' };

describe('mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let store: Store;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    store = await openStore({});
  });
  afterAll(async () => {
    await smtp.close();
    await store.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await store.db.delete(mailOutbox);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tradedesk-mail-'));
    return () => fs.rm(dataDir, { recursive: true, force: true });
  });
  const outboxFiles = () => fs.readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);

  it('delivers to plain SMTP on loopback when SMTP_URL is set, even with the outbox in the database', async () => {
    const mailer = await createMailer({ smtpUrl: smtp.url, from: FROM, dataDir, outbox: 'database', db: store.db, log: () => {} });
    await mailer.send(code);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['<ann@example.com>']);
    expect(smtp.received[0]!.data).toContain('Subject: Your verification code');
    expect(smtp.received[0]!.data).toContain('123456');
    expect(await store.db.select().from(mailOutbox)).toEqual([]);
    expect(await outboxFiles()).toEqual([]);
  });

  it('writes a file per mail to DATA_DIR/outbox without SMTP_URL, by default', async () => {
    const logged: string[] = [];
    const mailer = await createMailer({ from: FROM, dataDir, log: (msg) => logged.push(msg) });
    await mailer.send(code);
    const files = await outboxFiles();
    expect(files).toHaveLength(1);
    expect(await fs.readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8'))
      .toBe('To: ann@example.com\nSubject: Your verification code\n\nYour verification code is 123456.\n');
    expect(logged).toEqual([`mail to ann@example.com written to ${path.join(dataDir, 'outbox', files[0]!)}`]);
    expect(await store.db.select().from(mailOutbox)).toEqual([]);
  });

  it('stores a row per mail in mail_outbox with MAIL_OUTBOX=database, and no file', async () => {
    const logged: string[] = [];
    const mailer = await createMailer({ from: FROM, dataDir, outbox: 'database', db: store.db, log: (msg) => logged.push(msg) });
    await mailer.send(code);
    await mailer.send({ to: 'bob@example.com', subject: 'Reset', text: 'Your code is 654321.' });
    const rows = await store.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map(({ recipient, subject, text }) => ({ recipient, subject, text }))).toEqual([
      { recipient: 'ann@example.com', subject: code.subject, text: code.text },
      { recipient: 'bob@example.com', subject: 'Reset', text: 'Your code is 654321.' },
    ]);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(logged).toEqual([
      `mail to ann@example.com stored in mail_outbox (id ${rows[0]!.id})`,
      `mail to bob@example.com stored in mail_outbox (id ${rows[1]!.id})`,
    ]);
    expect(await outboxFiles()).toEqual([]);
  });

  it('reads MAIL_OUTBOX as files unless set, database when asked, and stops start-up on anything else', () => {
    expect(readConfig({}).mailOutbox).toBe('files');
    expect(readConfig({ MAIL_OUTBOX: 'database' }).mailOutbox).toBe('database');
    expect(() => readConfig({ MAIL_OUTBOX: 'redis' })).toThrow('MAIL_OUTBOX is one of files, database, not "redis"');
  });
});
