/**
 * No answer came to a call (the connection dropped, timed out, or something between answered
 * instead of the server, with an HTTP error status): what it asked may have been done. A refusal
 * from the server comes with its envelope code (0, or 999 for a session ended), which no HTTP
 * status is; a call given up by the screen is `cancelled`.
 */
export const unanswered = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code !== 'cancelled' : typeof code === 'number' && code >= 400 && code < 600;
};

/** The same, as a guard of a machine's `onError`: the failed call's answer never came. */
export const answerLost = ({ event }: { event: unknown }): boolean => unanswered((event as { error?: unknown }).error);
