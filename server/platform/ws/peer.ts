import type { WebSocket } from 'ws';

/** Bytes the socket may hold unsent before a peer counts as slow. */
const HIGH_WATER = 64 * 1024;
const RETRY_MS = 50;

/**
 * One connected client. Market frames are keyed (one per symbol and kind): while the socket is
 * backed up, a newer frame replaces the unsent older one, so a slow client gets fewer, fresher
 * quotes and its buffer never grows without bound. Replies are never dropped.
 */
export class Peer {
  readonly topics = new Set<string>();
  userId: number | undefined;
  /** Hash of the session token the peer logged in with: its revocation ends the peer. */
  tokenHash: string | undefined;
  private readonly pending = new Map<string, string>();
  private flushing = false;

  constructor(private readonly socket: WebSocket) {}

  /** A frame that must arrive (replies, account pushes). */
  reply(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  /** Ends the connection with a WebSocket close code (4000-4999 are the application's). */
  close(code: number, reason: string): void {
    this.pending.clear();
    this.socket.close(code, reason);
  }

  /** A frame that a later one with the same key makes obsolete. */
  offer(key: string, text: string): void {
    if (this.pending.size === 0 && this.socket.bufferedAmount < HIGH_WATER) {
      this.reply(text);
      return;
    }
    this.pending.delete(key); // re-insert so the freshest frames go last
    this.pending.set(key, text);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    setTimeout(() => {
      this.flushing = false;
      if (this.socket.readyState !== this.socket.OPEN) return this.pending.clear();
      for (const [key, text] of this.pending) {
        if (this.socket.bufferedAmount >= HIGH_WATER) break;
        this.pending.delete(key);
        this.socket.send(text);
      }
      if (this.pending.size > 0) this.scheduleFlush();
    }, RETRY_MS);
  }

  get backlog(): number {
    return this.pending.size;
  }
}
