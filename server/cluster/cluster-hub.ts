import { LocalHub, type Hub } from '../platform/ws/hub';
import type { Peer } from '../platform/ws/peer';
import { SUBJECTS, type Bus } from './bus';
import type { NewestEpoch } from './newest-epoch';

/** `epoch`: the engine leadership it was made under, when this node led the engine. */
interface AccountFrame { userId: number; topic: string; text: string; epoch?: number }
interface SessionsEnded { userId: number; tokenHashes: readonly string[] }

/**
 * The hub of a node among several. Its own sockets are a `LocalHub`'s; account frames and ended
 * sessions go through the bus, so they reach the trader's sockets on every edge, this one included
 * (NATS echoes a node's own messages back to it). Market frames stay local: every node folds the
 * active engine's ticks into its own market and fans out what that makes.
 *
 * An account frame made while this node leads carries its epoch, and frames of an older epoch than
 * one already heard are dropped: a leader paused past its lease wakes with its old book and pushes
 * from it (positions since closed, old balances) until it learns it lost the lead.
 */
export class ClusterHub implements Hub {
  private readonly local = new LocalHub();
  private readonly stops: (() => void)[];
  private leadingEpoch: number | undefined;

  constructor(private readonly bus: Bus, private readonly epochs: NewestEpoch) {
    this.stops = [
      bus.subscribe<AccountFrame>(SUBJECTS.accountFrames, (f) => {
        if (f.epoch === undefined || epochs.heard(f.epoch)) this.local.sendToUser(f.userId, f.topic, f.text);
      }),
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
    this.bus.publish(SUBJECTS.accountFrames, { userId, topic, text, epoch: this.leadingEpoch } satisfies AccountFrame);
  }

  /** This node leads the engine under `epoch` (undefined: no longer): its account frames say so. */
  lead(epoch: number | undefined): void {
    this.leadingEpoch = epoch;
    if (epoch !== undefined) this.epochs.heard(epoch);
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
