import { z } from 'zod/mini';
import { intEnum, money } from './fields';

/** The signed-in user as login, demo creation and user/info return it (snake_case, spec section 3). */
export const user = z.object({
  id: z.int(),
  uid: z.string(),
  email: z.string(),
  is_demo: intEnum(0, 1),
  invite_code: z.string(),
  /** An account made by mobile: its number as typed and its area (empty email); absent otherwise. */
  mobile: z.optional(z.string()),
  area_id: z.optional(z.int()),
  token: z.optional(z.string()),
  balance: z.optional(money()),
  lock_balance: z.optional(money()),
});
export type User = z.infer<typeof user>;

export const session = z.extend(user, { token: z.string() });
export type Session = z.infer<typeof session>;
