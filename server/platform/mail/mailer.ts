import fs from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Real SMTP (nodemailer) when `SMTP_URL` is set; otherwise an outbox folder a developer can read. */
export async function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: (msg: string) => void }): Promise<Mailer> {
  if (options.smtpUrl) {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
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
