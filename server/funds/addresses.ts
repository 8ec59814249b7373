import { createRequire } from 'node:module';

/** The validator checks checksums per chain; it must be told the chain, or any chain's address passes. */
interface Validator {
  validate(address: string, currency: string, options?: { networkType?: string; chainType?: string }): boolean;
}
// Required on the first check: its tables of every chain are not worth holding in an idle server.
let loaded: Validator | undefined;
const validator = (): Validator => (loaded ??= createRequire(import.meta.url)('multicoin-address-validator') as Validator);

/** Payout protocols we can check, by the chain the validator knows them as. */
const CHAINS: Record<string, { currency: string; chainType?: string }> = {
  TRC20: { currency: 'trx' },
  ERC20: { currency: 'eth' },
  BEP20: { currency: 'eth' },
  BTC: { currency: 'btc' },
};

export const isKnownProtocol = (protocol: string): boolean => Object.hasOwn(CHAINS, protocol.toUpperCase());

/** Whether `address` is a valid address of the protocol's own network (checksums, not just length). */
export function isValidAddress(protocol: string, address: string): boolean {
  const chain = CHAINS[protocol.toUpperCase()];
  if (!chain || !/^[A-Za-z0-9]{20,100}$/.test(address)) return false;
  try {
    return validator().validate(address, chain.currency, { networkType: 'prod' });
  } catch {
    return false;
  }
}

/** `TLa2…wYjU7`: enough to recognise, not enough to copy. */
export function maskAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** `****6789` */
export function maskAccount(account: string): string {
  return account.length <= 4 ? account : `****${account.slice(-4)}`;
}
