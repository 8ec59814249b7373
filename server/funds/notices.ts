import type { Language } from '../../contract/fields';
import type { Mailer } from '../platform/mail/mailer';
import { languageOf, translate, type MessageKey } from '../platform/i18n/messages';

/** An email to the trader about their money: every bind, every withdrawal request and every outcome. */
export interface Notice {
  to: string | null;
  lang: Language | string;
  subject: MessageKey;
  body: MessageKey;
  params: Record<string, string | number>;
}

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
