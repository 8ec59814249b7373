/** A transaction hash: 64 hex digits standing alone, after a 0x or a label, in any case. */
const HASH = /(?:^|[^0-9a-f])(?:0x)?([0-9a-f]{64})(?![0-9a-f])/i;

/**
 * What makes two references one transfer: the hash alone when the text holds one, so that "0x…"
 * or "tx:…" cannot pass a transfer credited once off as a new one; otherwise the text, case ignored.
 */
export const referenceKey = (reference: string): string => (HASH.exec(reference)?.[1] ?? reference).toLowerCase();
