import { writeDue, type Peer } from './peer';
import { textFrame } from './wire-frame';

/** Close code of a socket whose session was revoked: the client reconnects and logs in again. */
export const SESSION_ENDED = 4001;

/**
 * Who gets which frame. In one process this is two maps; with several nodes the same interface
 * sits on a broker (Redis pub/sub or NATS) so a publish reaches the peers of every node.
 */
export interface Hub {
  join(peer: Peer, topic: string): void;
  leave(peer: Peer, topic: string): void;
  /** Identify the peer as this user (after login, with the token's hash), or as nobody. */
  identify(peer: Peer, userId: number | undefined, tokenHash?: string): void;
  /** These sessions of the user ended (logout, password change or reset): their peers are closed. */
  endSessions(userId: number, tokenHashes: readonly string[]): void;
  remove(peer: Peer): void;
  /** A market frame to every peer of the topic; `key` lets slow peers keep only the newest. */
  publish(topic: string, key: string, text: string): void;
  /** An account frame to every peer of the user that subscribed to the topic. */
  sendToUser(userId: number, topic: string, text: string): void;
  /** Whether any peer is logged in as the user (so pushes for it are worth making). */
  isOnline(userId: number): boolean;
  readonly size: number;
}

export class LocalHub implements Hub {
  /** Market frames published in this turn of the event loop, newest per topic and key. */
  private queued = new Map<string, Map<string, string>>();
  private fanOutScheduled = false;
  private readonly byTopic = new Map<string, Set<Peer>>();
  private readonly byUser = new Map<number, Set<Peer>>();
  private readonly peers = new Set<Peer>();

  join(peer: Peer, topic: string): void {
    this.peers.add(peer);
    peer.topics.add(topic);
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(peer);
  }

  leave(peer: Peer, topic: string): void {
    peer.topics.delete(topic);
    this.byTopic.get(topic)?.delete(peer);
  }

  identify(peer: Peer, userId: number | undefined, tokenHash?: string): void {
    this.peers.add(peer);
    if (peer.userId !== undefined) this.byUser.get(peer.userId)?.delete(peer);
    peer.userId = userId;
    peer.tokenHash = userId === undefined ? undefined : tokenHash;
    if (userId === undefined) return;
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(peer);
  }

  remove(peer: Peer): void {
    for (const topic of peer.topics) this.byTopic.get(topic)?.delete(peer);
    peer.topics.clear();
    this.identify(peer, undefined);
    this.peers.delete(peer);
  }

  endSessions(userId: number, tokenHashes: readonly string[]): void {
    const ended = new Set(tokenHashes);
    for (const peer of [...(this.byUser.get(userId) ?? [])]) {
      if (peer.tokenHash === undefined || !ended.has(peer.tokenHash)) continue;
      this.remove(peer); // no push reaches it from now on, even before the close completes
      peer.close(SESSION_ENDED, 'session ended');
    }
  }

  /**
   * Market frames fan out once per turn of the event loop: a burst (a late timer delivering many
   * due ticks) reaches each peer as one write of the newest frame per key, so a busy server does
   * less work the further behind it is, instead of more.
   */
  publish(topic: string, key: string, text: string): void {
    if (!this.byTopic.get(topic)?.size) return;
    let frames = this.queued.get(topic);
    if (!frames) this.queued.set(topic, (frames = new Map()));
    frames.delete(key);
    frames.set(key, text);
    if (this.fanOutScheduled) return;
    this.fanOutScheduled = true;
    setImmediate(this.fanOut);
  }

  private readonly fanOut = (): void => {
    this.fanOutScheduled = false;
    const queued = this.queued;
    this.queued = new Map();
    for (const [topic, frames] of queued) {
      const set = this.byTopic.get(topic);
      if (!set || set.size === 0) continue;
      // Framed once, not once per peer.
      const encoded = [...frames].map(([key, text]) => [key, textFrame(text)] as const);
      for (const peer of set) peer.offer(encoded);
    }
    writeDue();
  };

  sendToUser(userId: number, topic: string, text: string): void {
    const set = this.byUser.get(userId);
    if (set) for (const peer of set) if (peer.topics.has(topic)) peer.reply(text);
  }

  isOnline(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  get size(): number {
    return this.peers.size;
  }
}
