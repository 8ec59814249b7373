import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { z } from 'zod/mini';
import type { CallDef } from '../../../contract/define';
import { Code, anyEnvelope } from '../../../contract/envelope';
import { toastStore } from '../ui/toast-store';
import { loading } from './loading';
import { apiOrigin } from '../../../contract/origin';

export interface CallOptions {
  /** false: do not toast the server's message on failure (spec: showErrorMessage). */
  showErrorMessage?: boolean;
  /** Toast the server's message on success too (close, reset password, ...). */
  showSuccessMessage?: boolean;
  /** A call made while the app starts: a 999 answer does not redirect to /login. */
  initial?: boolean;
  /** Show the loading indicator until the answer arrives. */
  loading?: boolean;
  signal?: AbortSignal;
  /** Another host than the API's for this call (the complaint email's, spec section 7). */
  origin?: string;
}

/** A refused call: `code` is the envelope's code (0, 999, ...) or the HTTP status for transport errors. */
export class ApiError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
  ) {
    super(message);
  }
}

interface ApiHooks {
  token: () => string | undefined;
  lang: () => string;
  /** The session ended (999): the app clears it and, unless `initial` (a call made as the app starts), goes to /login. */
  sessionInvalid: (initial?: boolean) => void;
  /** Text of a transport error, translated by the app: with its HTTP status, if it had one. */
  transportMessage: (status: number | undefined) => string;
}

let hooks: ApiHooks = {
  token: () => undefined,
  lang: () => 'hk',
  sessionInvalid: () => {},
  transportMessage: (status) => (status === undefined ? 'Network error' : `Network error (${status})`),
};

export function configureApi(next: ApiHooks) {
  hooks = next;
}

/** The server refused the session elsewhere than in a call (the socket's login): as a 999 answer, said only when not `initial`. */
export function sessionRefused(msg: string, initial = false) {
  hooks.sessionInvalid(initial);
  if (!initial) toastStore.show(msg);
}

/** Where the API lives for this page (spec section 1). */
export function apiBase(): string {
  const override = import.meta.env?.VITE_API_ORIGIN as string | undefined;
  if (typeof location === 'undefined') return override ?? '';
  return apiOrigin(location, override);
}

const http = ky.create({
  retry: 0,
  timeout: 20_000,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        request.headers.set('lang', hooks.lang());
        const token = hooks.token();
        if (token) request.headers.set('authorization', token);
      },
    ],
  },
});

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function encode(def: CallDef, input: Record<string, unknown>) {
  const entries = Object.entries(input).filter(([, v]) => v !== undefined);
  if (def.encoding === 'query') {
    return { searchParams: new URLSearchParams([...entries.map(([k, v]) => [k, text(v)]), ['t', String(Date.now())]]) };
  }
  if (def.encoding === 'form') return { body: new URLSearchParams(entries.map(([k, v]) => [k, text(v)])) };
  if (def.encoding === 'multipart') {
    const form = new FormData();
    entries.forEach(([k, v]) => form.append(k, v instanceof Blob ? v : text(v)));
    return { body: form };
  }
  return { json: input };
}

/**
 * Makes one contract call: encodes by the call's rules, parses the envelope and data with the
 * contract, and applies the spec's error handling (toast, 999, transport codes).
 */
export async function call<C extends CallDef>(
  def: C,
  input: z.input<C['request']>,
  options: CallOptions = {},
): Promise<z.output<C['response']>> {
  if (options.loading) loading.begin();
  try {
    let body: unknown;
    try {
      body = await http(`${options.origin ?? apiBase()}${def.path}`, { method: def.method, signal: options.signal, ...encode(def, input as Record<string, unknown>) }).json();
    } catch (error) {
      if (isHTTPError(error)) {
        const parsed = anyEnvelope.safeParse(error.data);
        body = parsed.success ? parsed.data : undefined;
        if (!body) throw transportError(error.response.status);
      } else {
        throw transportError(error);
      }
    }
    const envelope = anyEnvelope.parse(body);
    if (envelope.code === Code.success) {
      if (options.showSuccessMessage && envelope.msg) toastStore.show(envelope.msg);
      return def.response.parse(envelope.data) as z.output<C['response']>;
    }
    if (envelope.code === Code.sessionInvalid && !options.initial) hooks.sessionInvalid();
    if (options.showErrorMessage !== false && envelope.msg) toastStore.show(envelope.msg);
    throw new ApiError(envelope.code, envelope.msg);
  } finally {
    if (options.loading) loading.end();
  }
}

function transportError(cause: unknown): ApiError {
  if (cause instanceof DOMException && cause.name === 'AbortError') return new ApiError('cancelled', 'cancelled');
  const code = typeof cause === 'number' ? cause : isTimeoutError(cause) ? 'timeout' : isNetworkError(cause) ? 'network' : 'unknown';
  // The toast shows an HTTP status; without one, no code word the trader's language lacks.
  toastStore.show(hooks.transportMessage(typeof code === 'number' ? code : undefined));
  return new ApiError(code, String(code));
}
