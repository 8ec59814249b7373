import { z } from 'zod/mini';

/** Response codes of the envelope (spec section 8). */
export const Code = { success: 1, error: 0, sessionInvalid: 999 } as const;
export type Code = (typeof Code)[keyof typeof Code];

export const envelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ code: z.int(), msg: z.string(), data });

/** Any envelope, data left unparsed: used before we know whether the call succeeded. */
export const anyEnvelope = z.object({ code: z.int(), msg: z.string(), data: z.unknown() });
export type AnyEnvelope = z.infer<typeof anyEnvelope>;
