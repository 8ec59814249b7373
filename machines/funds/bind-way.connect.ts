import type { SnapshotFrom } from 'xstate';
import { DRAW_TYPE, type WithdrawCurrency } from '../../contract/funds';
import { BANK_FIELDS, REQUIRED_FIELDS, type BindProblem, type WayField, type bindWayMachine } from './bind-way';

/** Codes and numbers, not words. */
const LTR_FIELDS: readonly WayField[] = ['dc_address', 'bank_swift', 'payee_account'];

export interface BindWayView {
  currencies: WithdrawCurrency[];
  currencyId: number | undefined;
  /** The inputs of the type, in order, with whether each is required and written left to right in every language. */
  inputs: { name: WayField; value: string; required: boolean; ltr: boolean }[];
  problem: BindProblem | undefined;
  isLoading: boolean;
  isFailed: boolean;
  isBinding: boolean;
}

export function connectBindWay(snapshot: SnapshotFrom<typeof bindWayMachine>): BindWayView {
  const c = snapshot.context;
  const names: readonly WayField[] = c.type === DRAW_TYPE.address ? ['dc_address'] : BANK_FIELDS;
  return {
    currencies: c.currencies,
    currencyId: c.currencyId,
    inputs: names.map((name) => ({ name, value: c.fields[name], required: REQUIRED_FIELDS[c.type].includes(name), ltr: LTR_FIELDS.includes(name) })),
    problem: c.problem,
    isLoading: snapshot.matches('loading'),
    isFailed: snapshot.matches('failed'),
    isBinding: snapshot.matches('binding') || snapshot.matches('bound'),
  };
}
