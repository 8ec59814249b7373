import type { WebSocket } from 'ws';

/** Market frames a client may have unread (anywhere: our buffer, the kernel's, its own). */
const WINDOW = { start: 8, min: 1, max: 64 };
/** A ping answered slower than this means the client reads behind the market: its window halves. */
const LAG_MS = 25;

/** The net.Socket under `ws` (not in its types): corking it sends a round and its ping in one write. */
type Corkable = { _socket?: { cork(): void; uncork(): void } };

/**
 * One connected client. Market frames are keyed (one per symbol and kind) and are conflated: a newer
 * frame replaces a waiting older one of its key. Our own buffer is not the only place a frame can
 * wait; the kernel's buffers hold seconds of quotes for a slow reader, and we cannot see into them.
 * So the client tells us what it has read: a WebSocket ping is answered only after every frame
 * before it was read. At most `window` market frames go out unconfirmed; the rest wait, newest only.
 * The window grows while pings come back fast and halves when they come back late, so a reader
 * that keeps up is pinged rarely and a slow one gets only the newest quote of each symbol, one
 * window behind. Replies and account frames are never held nor dropped.
 */
export class Peer {
  readonly topics = new Set<string>();
  userId: number | undefined;
  /** Hash of the session token the peer logged in with: its revocation ends the peer. */
  tokenHash: string | undefined;
  private readonly pending = new Map<string, Buffer>();
  private window = WINDOW.start;
  /** Market frames sent and not yet confirmed by a pong. */
  private inFlight = 0;
  /** Of those, the ones sent after the last ping. */
  private unpinged = 0;
  /** The ping in flight: when it went, and how many frames its pong confirms. */
  private ping: { at: number; confirms: number } | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  private get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** A frame that must arrive (replies, account pushes). */
  reply(text: string): void {
    if (this.open) this.socket.send(text);
  }

  /** Ends the connection with a WebSocket close code (4000-4999 are the application's). */
  close(code: number, reason: string): void {
    this.pending.clear();
    this.socket.close(code, reason);
  }

  /** A market frame (text, encoded once for every peer) that a later one with the same key makes obsolete. */
  offer(key: string, frame: Buffer): void {
    if (!this.open) return;
    this.pending.delete(key); // re-insert: the frames waiting longest go first
    this.pending.set(key, frame);
    if (this.inFlight < this.window) this.flush();
  }

  /**
   * The client's pong: it has read everything up to our ping. Returns false for a pong nobody asked
   * for, which the caller counts against the socket's frame budget.
   */
  pong(): boolean {
    if (!this.ping) return false;
    const late = this.now() - this.ping.at > LAG_MS;
    this.window = late ? Math.max(WINDOW.min, this.window >> 1) : Math.min(WINDOW.max, this.window + 1);
    this.inFlight -= this.ping.confirms;
    this.ping = undefined;
    this.flush();
    return true;
  }

  private flush(): void {
    if (!this.open) return this.pending.clear();
    const raw = (this.socket as unknown as Corkable)._socket;
    raw?.cork();
    for (const [key, frame] of this.pending) {
      if (this.inFlight >= this.window) break;
      this.pending.delete(key);
      this.socket.send(frame, { binary: false });
      this.inFlight += 1;
      this.unpinged += 1;
    }
    // Ask once half a window is out, and always when the window is full, so that it reopens.
    if (!this.ping && this.unpinged > 0 && (this.inFlight >= this.window || this.unpinged * 2 >= this.window)) {
      this.socket.ping();
      this.ping = { at: this.now(), confirms: this.inFlight };
      this.unpinged = 0;
    }
    raw?.uncork();
  }

  /** Market frames waiting for the client to catch up. */
  get backlog(): number {
    return this.pending.size;
  }
}
