/**
 * WebSocket frames as bytes on the wire (RFC 6455, server to client: unmasked). A quote is framed
 * once and the same bytes are written to every peer, with its ping, in one write.
 */

/** A ping with no payload. */
export const PING_FRAME = Buffer.from([0x89, 0x00]);

/** A complete, final text frame. */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  let head: Buffer;
  if (n < 126) head = Buffer.from([0x81, n]);
  else if (n < 65536) head = Buffer.from([0x81, 126, n >> 8, n & 255]);
  else {
    head = Buffer.alloc(10);
    head[0] = 0x81;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}
