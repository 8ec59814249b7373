import type { Language } from '../../contract/fields';
import type { Mailer } from '../platform/mail/mailer';
import { languageOf, translate, type MessageKey, type MessageParams } from '../platform/i18n/messages';

/** An email to the trader about their money: every bind, every withdrawal request and every outcome. */
export interface Notice {
  to: string | null;
  lang: Language | string;
  subject: MessageKey;
  body: MessageKey;
  params: MessageParams;
}

/** A request's number and amount as a mail shows them: "#1234" (not "#1,234") and "1,500.00". */
export const requestParams = (id: number, amount: string | number) => ({ id: String(id), amount: { amount: String(amount), dp: 2 } });

/** Sent after the change committed; a mail server that is down does not undo the change. */
export async function sendNotice(mailer: Mailer, notice: Notice | undefined, log: (error: unknown) => void = () => {}): Promise<void> {
  if (!notice?.to) return;
  const lang = languageOf(notice.lang);
  try {
    await mailer.send({
      to: notice.to,
      subject: translate(lang, notice.subject, notice.params),
      text: translate(lang, notice.body, notice.params),
    });
  } catch (error) {
    log(error);
  }
}
