import { generateSecret, generateURI, verifySync } from 'otplib';

/** RFC 6238: SHA-1, 6 digits, 30 s steps; one step either side for a clock that drifts. */
const ISSUER = 'TradeDesk back-office';

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (email: string, secret: string): string => generateURI({ issuer: ISSUER, label: email, secret });

export function totpValid(secret: string, code: string): boolean {
  try {
    return verifySync({ secret, token: code, epochTolerance: 30 }).valid;
  } catch {
    return false;
  }
}
