import { LocalHub, type Hub } from '../platform/ws/hub';
import type { Peer } from '../platform/ws/peer';
import { SUBJECTS, type Bus } from './bus';

interface AccountFrame { userId: number; topic: string; text: string }
interface SessionsEnded { userId: number; tokenHashes: readonly string[] }

/**
 * The hub of a node among several. Its own sockets are a `LocalHub`'s; account frames and ended
 * sessions go through the bus, so they reach the trader's sockets on every edge, this one included
 * (NATS echoes a node's own messages back to it). Market frames stay local: every node folds the
 * active engine's ticks into its own market and fans out what that makes.
 */
export class ClusterHub implements Hub {
  private readonly local = new LocalHub();
  private readonly stops: (() => void)[];

  constructor(private readonly bus: Bus) {
    this.stops = [
      bus.subscribe<AccountFrame>(SUBJECTS.accountFrames, (f) => this.local.sendToUser(f.userId, f.topic, f.text)),
      bus.subscribe<SessionsEnded>(SUBJECTS.sessionsEnded, (s) => this.local.endSessions(s.userId, s.tokenHashes)),
    ];
  }

  join(peer: Peer, topic: string): void {
    this.local.join(peer, topic);
  }

  leave(peer: Peer, topic: string): void {
    this.local.leave(peer, topic);
  }

  identify(peer: Peer, userId: number | undefined, tokenHash?: string): void {
    this.local.identify(peer, userId, tokenHash);
  }

  remove(peer: Peer): void {
    this.local.remove(peer);
  }

  endSessions(userId: number, tokenHashes: readonly string[]): void {
    this.bus.publish(SUBJECTS.sessionsEnded, { userId, tokenHashes } satisfies SessionsEnded);
  }

  publish(topic: string, key: string, text: string): void {
    this.local.publish(topic, key, text);
  }

  sendToUser(userId: number, topic: string, text: string): void {
    this.bus.publish(SUBJECTS.accountFrames, { userId, topic, text } satisfies AccountFrame);
  }

  /** The trader may be on another edge: pushes are always worth making. */
  isOnline(): boolean {
    return true;
  }

  get size(): number {
    return this.local.size;
  }

  close(): void {
    this.stops.forEach((stop) => stop());
  }
}
