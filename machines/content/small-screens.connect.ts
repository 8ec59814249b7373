import type { SnapshotFrom } from 'xstate';
import type { FetchedMachine } from './fetched';
import type { announcementMachine, complaintEmailMachine, InviteData, inviteMachine } from './small-screens';

interface Status {
  isLoading: boolean;
  isFailed: boolean;
}

const statusOf = <T>(snapshot: SnapshotFrom<FetchedMachine<T>> | undefined): Status => ({
  isLoading: !snapshot || snapshot.matches('loading'),
  isFailed: snapshot?.matches('failed') ?? false,
});

/** The site title that marks the demo site (spec: "(DEMO test)" in red). */
export const DEMO_TITLE = 'DEMO';

export interface ComplaintEmailView extends Status {
  email: string;
}
export const connectComplaintEmail = (snapshot: SnapshotFrom<typeof complaintEmailMachine> | undefined): ComplaintEmailView => ({
  ...statusOf(snapshot),
  email: snapshot?.context.data?.email ?? '',
});

export interface AnnouncementView extends Status {
  text: string;
  isDemoSite: boolean;
}
export const connectAnnouncement = (snapshot: SnapshotFrom<typeof announcementMachine> | undefined): AnnouncementView => ({
  ...statusOf(snapshot),
  text: snapshot?.context.data?.text ?? '',
  isDemoSite: snapshot?.context.data?.title.trim() === DEMO_TITLE,
});

export interface InviteView extends Status {
  code: string;
  invited: number;
  /** What the QR code holds and the copy button copies (spec: the family's hash form). */
  link: string;
}

export const inviteLink = ({ origin, invite_code }: Pick<InviteData, 'origin' | 'invite_code'>) =>
  `${origin}/#/register?invite_code=${encodeURIComponent(invite_code)}`;

export const connectInvite = (snapshot: SnapshotFrom<typeof inviteMachine> | undefined): InviteView => {
  const data = snapshot?.context.data;
  return {
    ...statusOf(snapshot),
    code: data?.invite_code ?? '',
    invited: data?.invited ?? 0,
    link: data?.invite_code ? inviteLink(data) : '',
  };
};
