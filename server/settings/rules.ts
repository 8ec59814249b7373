import { z } from 'zod/mini';
import { webLink as link } from '../../contract/backoffice';
import type { SettingKey } from './defaults';

const oneOf = (...values: number[]) => z.number().check(z.refine((v) => values.includes(v)));
const flag = () => oneOf(0, 1);
const pause = () => z.strictObject({ on: flag(), message: z.string().check(z.maxLength(500)) });

/**
 * What each setting may hold: its shape and its real values, so a value the site cannot use (a
 * registration mode that does not exist, a stop-out level of a trillion per cent, a `javascript:`
 * link) is refused when staff save it rather than breaking the calls that read it.
 */
export const SETTING_RULES: Record<SettingKey, z.ZodMiniType> = {
  /** service_link_type: 1 chat frame, 2 copy the link, 3 open it; verify_reg_type: 0 email, 1 and 3 mobile, 2 captcha. */
  basic_info: z.strictObject({ service_link: link(), service_link_type: oneOf(1, 2, 3), verify_reg_type: oneOf(0, 1, 2, 3), trade_fee_type: oneOf(1, 2) }),
  site_config: z.strictObject({ title: z.string().check(z.minLength(1), z.maxLength(255)), service_link: link() }),
  /** `message`: what staff said when they closed the site, shown where a closed site refuses. */
  company_status: z.strictObject({ status: flag(), type: z.int().check(z.gte(0), z.lte(99)), loss_url: link(), message: z.optional(z.string().check(z.maxLength(500))) }),
  is_show_mobile: flag(),
  complaint_email: z.union([z.literal(''), z.email()]),
  announcement: z.string().check(z.maxLength(2048)),
  main_mode: flag(),
  pauses: z.strictObject({ trading: pause(), deposits: pause(), withdrawals: pause() }),
  /** A margin level below the margin call's 100 %, where no position may open any more. */
  stop_out_level: z.number().check(z.gt(0), z.lt(100)),
  withdraw_needs_identity: flag(),
  four_eyes_threshold: z.number().check(z.gte(0), z.lte(1e12)),
};
