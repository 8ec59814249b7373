import type { SnapshotFrom } from 'xstate';
import type { AdjustmentFields, AdjustmentProblem, adjustmentRequestMachine } from './adjustment-request';
import type { Notice } from './refusal';

export interface AdjustmentRequestView {
  fields: AdjustmentFields;
  problem: AdjustmentProblem | undefined;
  notice: Notice | undefined;
  /** The id of the adjustment just asked for: it waits for a second staff member. */
  requestedId: number | undefined;
  isBusy: boolean;
}

export const connectAdjustmentRequest = (snapshot: SnapshotFrom<typeof adjustmentRequestMachine>): AdjustmentRequestView => ({
  ...snapshot.context,
  isBusy: snapshot.matches('submitting'),
});
