import type { SnapshotFrom } from 'xstate';
import type { countdownMachine } from './countdown';

export interface CountdownView {
  /** Seconds until a new code may be asked for; 0 when it may. */
  remaining: number;
  isSending: boolean;
  canSend: boolean;
}

/** A countdown not started yet (its form still loading) may send. */
export function connectCountdown(snapshot: SnapshotFrom<typeof countdownMachine> | undefined): CountdownView {
  const remaining = snapshot?.matches('counting') ? snapshot.context.remaining : 0;
  const isSending = snapshot?.matches('sending') ?? false;
  return { remaining, isSending, canSend: remaining === 0 && !isSending };
}
