import type { MessageKey, MessageParams } from '../i18n/messages';

/** A business refusal: answered as code 0 with the translated message; nothing was changed. */
export class Refusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    /** What the answer's `data` carries, when a refusal has something to show (rarely). */
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

/** A body over its size limit: refused as code 0, with HTTP 413 (WIRE.md: a transport problem). */
export class TooLarge extends Refusal {}

/** A body that cannot be read (a multipart one cut short, say): code 0 with HTTP 400, as malformed JSON. */
export class Unreadable extends Refusal {
  constructor() {
    super('body_malformed');
  }
}

/** The session is missing or no longer valid: answered as code 999. */
export class SessionInvalid extends Error {
  constructor() {
    super('session_invalid');
  }
}

export const refuse = (key: MessageKey, params?: MessageParams): never => {
  throw new Refusal(key, params);
};
