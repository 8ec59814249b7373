import type { WebSocket } from 'ws';
import { PING_FRAME } from './wire-frame';

/** Market frames a client may have unread (anywhere: our buffer, the kernel's, its own). */
const WINDOW = { start: 8, min: 2, max: 32 };
/** A ping answered slower than this means the client reads behind the market: its window shrinks. */
const LAG_MS = 25;
/** A waiting frame this old goes before fresher ones, so that a quiet symbol's last quote still arrives. */
const STALE_MS = 1000;
/**
 * Market frames waiting this long with none written: the client stopped reading (or answering
 * pings), or the window is stuck. Its prices would stop without a word, so the socket is closed
 * instead and the client connects again.
 */
export const STUCK_MS = 15_000;
/** The close code of a socket whose market frames stopped going out. */
export const CLOSE_NOT_READING = 4008;
/**
 * Replies and account frames are never dropped: a socket with this much of them unread is closed
 * instead (code 4009), and the client connects again and refetches what it shows.
 */
export const ACCOUNT_BACKLOG_BYTES = 1 << 20;
export const CLOSE_BEHIND = 4009;

/** Market frames written, and dropped because a newer one of their key replaced them while they waited. */
export const marketFrames = { sent: 0, conflated: 0 };

/**
 * Peers with frames to write. However many rounds and pongs asked in a turn of the event loop, a
 * peer writes once per turn: each write is a system call that also wakes the reader, so under load
 * fewer, fuller writes are what keeps quotes fresh.
 */
const due = new Set<Peer>();
let writeScheduled = false;

function writeSoon(peer: Peer): void {
  due.add(peer);
  if (writeScheduled) return;
  writeScheduled = true;
  setImmediate(writeDue);
}

/** Writes every peer that has frames waiting; the hub calls it at the end of its round. */
export function writeDue(): void {
  writeScheduled = false;
  for (const peer of due) peer.flush();
  due.clear();
}

/**
 * The net.Socket under `ws` (not in its types). Market frames are written to it as bytes framed
 * once for every peer; `ws` writes its own frames (replies, pongs, close) to it in the same order.
 */
type WithRawSocket = { _socket: { write(bytes: Buffer): boolean } };

/**
 * One connected client. Market frames are keyed (one per symbol and kind) and are conflated: a newer
 * frame replaces a waiting older one of its key. Our own buffer is not the only place a frame can
 * wait; the kernel's buffers hold seconds of quotes for a slow reader, and we cannot see into them.
 * So the client tells us what it has read: a WebSocket ping is answered only after every frame
 * before it was read. At most `window` market frames go out unconfirmed; the rest wait, newest only.
 * The window grows while pings come back fast and shrinks when they come back late, so a reader
 * that keeps up is pinged rarely and a slow one gets only the newest quote of each symbol, one
 * window behind. Replies and account frames are never held nor dropped. A peer writes its market
 * frames and its ping at most once per turn of the event loop, in one write.
 */
export class Peer {
  readonly topics = new Set<string>();
  userId: number | undefined;
  /** Hash of the session token the peer logged in with: its revocation ends the peer. */
  tokenHash: string | undefined;
  /** Waiting market frames by key, the longest-waiting first, with when each was offered. */
  private readonly pending = new Map<string, { frame: Buffer; at: number }>();
  private window = WINDOW.start;
  /** Market frames sent and not yet confirmed by a pong. */
  private inFlight = 0;
  /** Of those, the ones sent after the last ping. */
  private unpinged = 0;
  /** The ping in flight: when it went, and how many frames its pong confirms. */
  private ping: { at: number; confirms: number } | undefined;
  /** Since when market frames have waited with none written; undefined while none wait. */
  private waitingSince: number | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  private get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** A frame that must arrive (replies, account pushes). */
  reply(text: string): void {
    if (!this.open) return;
    if (this.socket.bufferedAmount > ACCOUNT_BACKLOG_BYTES) return this.close(CLOSE_BEHIND, 'cannot keep up');
    this.socket.send(text);
  }

  /** Ends the connection with a WebSocket close code (4000-4999 are the application's). */
  close(code: number, reason: string): void {
    this.pending.clear();
    this.socket.close(code, reason);
  }

  /** Market frames (text, encoded once for every peer), each made obsolete by a later one of its key. */
  offer(frames: readonly (readonly [key: string, frame: Buffer])[]): void {
    if (!this.open) return;
    const at = this.now();
    this.waitingSince ??= at;
    if (at - this.waitingSince > STUCK_MS) return this.close(CLOSE_NOT_READING, 'not reading');
    for (const [key, frame] of frames) {
      if (this.pending.delete(key)) marketFrames.conflated += 1; // re-inserted, so that the map stays in order of age
      this.pending.set(key, { frame, at });
    }
    // With no ping out, a full window must still ask for one, or nothing would ever reopen it.
    if (this.inFlight < this.window || !this.ping) writeSoon(this);
  }

  /**
   * The client's pong: it has read everything up to our ping. Returns false for a pong nobody asked
   * for, which the caller counts against the socket's frame budget.
   */
  pong(): boolean {
    if (!this.ping) return false;
    // Late: shrink in proportion at once (a saturated reader must not wait several slow rounds).
    const roundTrip = this.now() - this.ping.at;
    this.window = roundTrip > LAG_MS
      ? Math.max(WINDOW.min, Math.floor((this.window * LAG_MS) / roundTrip))
      : Math.min(WINDOW.max, this.window + 1);
    this.inFlight -= this.ping.confirms;
    this.ping = undefined;
    // A late pong can narrow the window below the frames sent after its ping: ask again at once.
    if (this.pending.size > 0 || this.inFlight >= this.window) writeSoon(this);
    return true;
  }

  /** Writes what the window has room for, and asks for a pong when it should reopen. */
  flush(): void {
    if (!this.open) return this.pending.clear();
    const parts: Buffer[] = [];
    for (const key of this.nextRound(this.window - this.inFlight)) {
      parts.push(this.pending.get(key)!.frame);
      this.pending.delete(key);
      marketFrames.sent += 1;
      this.inFlight += 1;
      this.unpinged += 1;
    }
    // Ask when the window is full, so that it reopens, and once half a wide window is out, so that
    // it reopens before it is empty; a narrow one asks once per window, each pong costing both ends.
    if (!this.ping && this.unpinged > 0 && (this.inFlight >= this.window || this.unpinged >= Math.max(8, this.window / 2))) {
      parts.push(PING_FRAME);
      this.ping = { at: this.now(), confirms: this.inFlight };
      this.unpinged = 0;
    }
    if (parts.length === 0) return;
    if (parts[0] !== PING_FRAME) this.waitingSince = this.pending.size > 0 ? this.now() : undefined;
    (this.socket as unknown as WithRawSocket)._socket.write(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
  }

  /**
   * The keys to send when `room` frames may go: all when they fit; otherwise the stale ones, then
   * the freshest, since a reader that cannot take every quote is better served by the newest. Stale
   * ones take at most half the room: given all of it, a backlog of them would keep fresh quotes
   * waiting until they were stale too, and every frame sent would then be a second old.
   */
  private nextRound(room: number): string[] {
    if (room <= 0) return [];
    const keys = [...this.pending.keys()];
    if (keys.length <= room) return keys;
    const staleBefore = this.now() - STALE_MS;
    const staleRoom = Math.ceil(room / 2);
    let stale = 0;
    while (stale < staleRoom && this.pending.get(keys[stale]!)!.at <= staleBefore) stale += 1;
    return [...keys.slice(0, stale), ...keys.slice(keys.length - (room - stale))];
  }

  /** Market frames waiting for the client to catch up. */
  get backlog(): number {
    return this.pending.size;
  }
}
