import type { SnapshotFrom } from 'xstate';
import { REAL_NAME_STATUS, REVIEW_STATUS } from '../../contract/identity';
import type { IdentityProblem, identityMachine } from './identity';

export interface IdentityView {
  isLoading: boolean;
  isFailed: boolean;
  /** The form shows (nothing submitted, or rejected). */
  showsForm: boolean;
  /** The read-only view's banner. */
  banner: 'waiting' | 'finished' | undefined;
  /** The last submission was rejected: its reason, if given, shows above the form. */
  isRejected: boolean;
  reason: string | undefined;
  /** When staff decided the last submission; undefined while it waits. */
  reviewedAt: string | undefined;
  /** The banner's time: when it was sent while it waits, else when staff decided. */
  bannerAt: string | undefined;
  attemptsLeft: number | undefined;
  name: string;
  cardId: string;
  /** The submitted record, for the read-only view (card number masked by the server). */
  record: { name: string; cardId: string; front: string; back: string } | undefined;
  problem: IdentityProblem | undefined;
  isSubmitting: boolean;
  /** Every submission used: only support can allow another, so the form says so and cannot be sent. */
  isOutOfAttempts: boolean;
}

export function connectIdentity(snapshot: SnapshotFrom<typeof identityMachine>): IdentityView {
  const c = snapshot.context;
  const center = c.center;
  const inReview = snapshot.matches('review');
  return {
    isLoading: snapshot.matches('loading') || snapshot.matches('loaded'),
    isFailed: snapshot.matches('failed'),
    showsForm: snapshot.matches('form'),
    banner: inReview && center ? (center.status === REAL_NAME_STATUS.finished ? 'finished' : 'waiting') : undefined,
    isRejected: center?.review_status === REVIEW_STATUS.rejected,
    reason: center?.reason || undefined,
    reviewedAt: center?.reviewed_at || undefined,
    bannerAt: (inReview && center?.status !== REAL_NAME_STATUS.finished ? center?.submitted_at : center?.reviewed_at) || undefined,
    attemptsLeft: center?.attempts_left,
    name: c.name,
    cardId: c.cardId,
    record: inReview && center ? { name: center.name, cardId: center.card_id, front: center.front_pic, back: center.reverse_pic } : undefined,
    problem: c.problem ?? (center?.attempts_left === 0 ? 'no_attempts' : undefined),
    isSubmitting: snapshot.matches({ form: 'submitting' }),
    isOutOfAttempts: center?.attempts_left === 0,
  };
}
