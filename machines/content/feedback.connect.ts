import type { SnapshotFrom } from 'xstate';
import type { feedbackMachine } from './feedback';

export interface FeedbackView {
  text: string;
  contact: string;
  canSubmit: boolean;
  isSending: boolean;
  isSent: boolean;
}

export const connectFeedback = (snapshot: SnapshotFrom<typeof feedbackMachine>): FeedbackView => ({
  text: snapshot.context.text,
  contact: snapshot.context.contact,
  canSubmit: snapshot.can({ type: 'SUBMIT' }),
  isSending: snapshot.matches('sending'),
  isSent: snapshot.matches('sent'),
});
