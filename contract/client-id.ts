import { z } from 'zod/mini';

/**
 * An id the client makes for one request (crypto.randomUUID): sent again, the same id returns what
 * the first one made instead of making it twice (an order, a withdrawal).
 */
export const clientId = () => z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{8,64}$/, 'must be a client id')));
