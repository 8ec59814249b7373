import type { SnapshotFrom } from 'xstate';
import type { SupportIdentity, supportMachine } from './support';

export interface SupportView {
  isLoading: boolean;
  isFailed: boolean;
  /** What the screen shows once the link is known. */
  mode: 'link' | 'leaving' | 'chat' | 'unavailable' | undefined;
  link: string;
  /** The chat frame's address: the link with uid, email, expires and signature when logged in. */
  frameSrc: string;
}

export function frameAddress(link: string, identity: SupportIdentity | undefined): string {
  if (!identity) return link;
  const url = new URL(link);
  url.searchParams.set('uid', identity.uid);
  url.searchParams.set('email', identity.email);
  url.searchParams.set('expires', String(identity.expires));
  url.searchParams.set('signature', identity.signature);
  return url.toString();
}

const MODES = ['link', 'leaving', 'chat', 'unavailable'] as const;

export function connectSupport(snapshot: SnapshotFrom<typeof supportMachine> | undefined): SupportView {
  const mode = MODES.find((m) => snapshot?.matches(m));
  const link = snapshot?.context.link?.service_link ?? '';
  return {
    isLoading: !snapshot || snapshot.matches('loading') || snapshot.matches('identifying'),
    isFailed: snapshot?.matches('failed') ?? false,
    mode,
    link,
    frameSrc: mode === 'chat' ? frameAddress(link, snapshot!.context.identity) : '',
  };
}
