import fs from 'node:fs/promises';
import path from 'node:path';

export interface Sms {
  /** The full international number, `+<global_code><number>`. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** A gateway that has not answered by then is taken as failed: the trader may ask again. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * A real gateway when `SMS_URL` is set (README, "Configuration"); otherwise an outbox folder beside
 * the mail outbox, which a developer (or a test) reads.
 */
export function createSmsSender(options: { smsUrl?: string; smsToken?: string; dataDir: string; log: (msg: string) => void }): SmsSender {
  if (options.smsUrl) return gatewaySender(options.smsUrl, options.smsToken);
  return outboxSender(path.join(options.dataDir, 'sms-outbox'), options.log);
}

/** One JSON POST `{to, text}` per message; any answer but 2xx is a failure. */
export function gatewaySender(url: string, token?: string, timeoutMs = GATEWAY_TIMEOUT_MS): SmsSender {
  return {
    async send(sms) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Read the body whole so the connection is released either way.
      const answer = await res.text();
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}: ${answer.slice(0, 200)}`);
    },
  };
}

export function outboxSender(dir: string, log: (msg: string) => void): SmsSender {
  let sequence = 0;
  return {
    async send(sms) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${String(++sequence).padStart(4, '0')}.txt`;
      const file = path.join(dir, name);
      await fs.writeFile(file, `To: ${sms.to}\n\n${sms.text}\n`);
      log(`text to ${sms.to} written to ${file}`);
    },
  };
}
