import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../contract/backoffice';
import type { CallDef } from '../../contract/define';
import type { Deps } from '../deps';
import * as ledger from '../ledger/ledger';
import { route, type Caller, type RouteOptions } from '../platform/http/route';
import { refuse } from '../platform/http/refusal';
import type { Tx } from '../platform/store/open';
import { audit } from './audit';
import { authenticateStaff, type StaffMember } from './staff';

export type StaffCtx = Caller & StaffMember;

/**
 * How back-office calls are bound: a staff session (not a trader's), a role check (admin may do
 * everything), and `decide`, which commits a change together with its audit row.
 */
export function staffRouting({ app, db }: Pick<Deps, 'app' | 'db'>) {
  const staffRoute = <C extends CallDef>(
    call: C, roles: StaffRole[] | 'any', handler: (input: never, ctx: StaffCtx, request: FastifyRequest) => Promise<unknown>, options?: RouteOptions,
  ) =>
    // The role is checked with the session, before the input: a role that may not call says so
    // whatever it sent, not which field was wrong.
    route(app, async (token) => {
      const member = await authenticateStaff(db, token);
      if (member && call.auth && roles !== 'any' && !roles.includes(member.role) && member.role !== 'admin') refuse('staff_forbidden');
      return member;
    }, call, handler as never, options);

  /**
   * `action` may be named by the outcome (a withdrawal's approval that paid it is `withdrawal.pay`),
   * and `target` too (a new record's id).
   */
  const decide = <T extends { before?: unknown; after?: unknown }>(
    ctx: StaffCtx, action: string | ((result: NoInfer<T>) => string), target: string | ((result: NoInfer<T>) => string), reason: string | null,
    work: (tx: Tx) => Promise<T>,
  ) =>
    ledger.transaction(db, async (tx) => {
      const result = await work(tx);
      const named = typeof action === 'string' ? action : action(result);
      const aimed = typeof target === 'string' ? target : target(result);
      await audit(tx, { staffId: ctx.staffId, action: named, target: aimed, before: result.before, after: result.after, reason, ip: ctx.ip });
      return result;
    });

  return { staffRoute, decide };
}

export type StaffRouting = ReturnType<typeof staffRouting>;
