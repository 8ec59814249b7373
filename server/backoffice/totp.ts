import { createGuardrails, generateSecret, generateURI, verifySync } from 'otplib';

/** RFC 6238: SHA-1, 6 digits, 30 s steps; one step either side for a clock that drifts. */
const ISSUER = 'TradeDesk back-office';
/**
 * 80-bit secrets (16 base32 characters) are what most authenticator set-ups hand out, so one given
 * in ADMIN_TOTP_SECRET is taken; the secrets made here are 160 bits.
 */
const GUARDRAILS = createGuardrails({ MIN_SECRET_BYTES: 10 });

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (email: string, secret: string): string => generateURI({ issuer: ISSUER, label: email, secret });

/** The time step of a right code (which login keeps, so that no code is taken twice), or undefined. */
export function totpStep(secret: string, code: string): number | undefined {
  try {
    const result = verifySync({ secret, token: code, epochTolerance: 30, guardrails: GUARDRAILS });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a secret can be used at all (base32 of at least 80 bits), by trying it. */
export function totpSecretUsable(secret: string): boolean {
  try {
    verifySync({ secret, token: '000000', guardrails: GUARDRAILS });
    return true;
  } catch {
    return false;
  }
}
