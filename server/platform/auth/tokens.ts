import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque session token: 32 random bytes; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A token as sent: bare (the spec's way), or after the `Bearer ` scheme many clients add on their own. */
export const sentToken = (value: string) => value.trim().replace(/^bearer\s+/i, '');

/** A 6-digit code for email verification. */
export const newEmailCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Short human-friendly code (invite codes): no 0/O or 1/I/L to misread. */
export const newShortCode = (length = 8) =>
  Array.from({ length }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
