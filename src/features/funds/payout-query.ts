import { DRAW_TYPE } from '../../../contract/funds';
import type { DrawType } from '../../../machines/funds/withdraw';
import { queryParams } from '../../shared/navigation/navigation';

/** Query `type`: 2 is a bank account, anything else a coin address. */
export const drawTypeQuery = (): DrawType => (Number(queryParams().get('type')) === DRAW_TYPE.bank ? DRAW_TYPE.bank : DRAW_TYPE.address);

/** Query `draw_id`: the currency the trader was on when sent to bind a payout method for it. */
export function currencyQuery(): number | undefined {
  const id = Number(queryParams().get('draw_id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
