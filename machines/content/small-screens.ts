import { fetched } from './fetched';

/** /mine/email: the complaint address. */
export const complaintEmailMachine = fetched<{ email: string }>('complaintEmail');

/** /mine/announcement: the text staff set and the site title (DEMO marks the demo site). */
export const announcementMachine = fetched<{ text: string; title: string }>('announcement');

/** /mine/invite: the trader's code, how many joined with it, and the page's origin for the link. */
export interface InviteData {
  invite_code: string;
  invited: number;
  origin: string;
}
export const inviteMachine = fetched<InviteData>('invite');
