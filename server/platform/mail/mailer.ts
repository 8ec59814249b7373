import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../store/open';
import { mailOutbox } from './schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where mails go without SMTP: `DATA_DIR/outbox` (the default), or the `mail_outbox` table of `db`. */
type OutboxOptions = { outbox?: 'files'; db?: Db } | { outbox: 'database'; db: Db };

/**
 * Real SMTP (nodemailer) when `SMTP_URL` is set, whatever `MAIL_OUTBOX` says; otherwise an outbox a
 * developer can read: files on this node, or one table every node of a cluster writes to.
 */
export async function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: (msg: string) => void } & OutboxOptions): Promise<Mailer> {
  if (options.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  if (options.outbox === 'database') return databaseOutbox(options.db, options.log);
  return outboxMailer(path.join(options.dataDir, 'outbox'), options.log);
}

export function outboxMailer(dir: string, log: (msg: string) => void): Mailer {
  let sequence = 0;
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${String(++sequence).padStart(4, '0')}.txt`;
      const file = path.join(dir, name);
      await fs.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      log(`mail to ${mail.to} written to ${file}`);
    },
  };
}

/** One `mail_outbox` row per mail (docs/scaling.md has the query that reads them). */
export function databaseOutbox(db: Db, log: (msg: string) => void): Mailer {
  return {
    async send(mail) {
      const [row] = await db.insert(mailOutbox).values({ recipient: mail.to, subject: mail.subject, text: mail.text }).returning({ id: mailOutbox.id });
      log(`mail to ${mail.to} stored in mail_outbox (id ${row!.id})`);
    },
  };
}
