import type { z } from 'zod/mini';
import type { CallDef } from '../../contract/define';
import { Code, anyEnvelope } from '../../contract/envelope';

/**
 * The back-office's own API client: the same envelope as the trader's (`src/shared/api/client.ts`),
 * but it answers the server's message with the data, and a refusal keeps its `data` (the login's
 * TOTP enrolment). The staff token and the language come from the back-office's hooks.
 */
export class StaffApiError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

interface StaffApiHooks {
  token: () => string | undefined;
  lang: () => string;
  /** The session ended (999). */
  sessionInvalid: () => void;
  /** Text of a transport error, translated by the page. */
  transportMessage: (status: number | undefined) => string;
}

let hooks: StaffApiHooks = {
  token: () => undefined,
  lang: () => 'en',
  sessionInvalid: () => {},
  transportMessage: (status) => (status === undefined ? 'Network error' : `Network error (${status})`),
};

export function configureStaffApi(next: StaffApiHooks) {
  hooks = next;
}

const TIMEOUT_MS = 20_000;

function request(def: CallDef, input: Record<string, unknown>, token: string | undefined, file?: Blob): [string, RequestInit] {
  const headers: Record<string, string> = { lang: hooks.lang() };
  if (token) headers.authorization = token;
  if (def.encoding === 'multipart') {
    const form = new FormData();
    if (file) form.append('file', file);
    return [def.path, { method: def.method, headers, body: form }];
  }
  const entries = Object.entries(input).filter(([, v]) => v !== undefined && v !== '');
  if (def.encoding === 'query') {
    const query = new URLSearchParams([...entries.map(([k, v]) => [k, String(v)]), ['t', String(Date.now())]]);
    return [`${def.path}?${query}`, { method: def.method, headers }];
  }
  return [def.path, { method: def.method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(entries)) }];
}

/**
 * One back-office call: its data and the server's message, or a StaffApiError with the envelope's
 * code, message and data. `token` overrides the session's (checking a kept token).
 */
export async function staffCall<C extends CallDef>(
  def: C,
  input: z.input<C['request']>,
  options: { token?: string; file?: Blob } = {},
): Promise<{ data: z.output<C['response']>; msg: string }> {
  const [url, init] = request(def, input as Record<string, unknown>, options.token ?? hooks.token(), options.file);
  let body: unknown;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    body = await response.json().catch(() => undefined);
    if (body === undefined) throw new StaffApiError(response.status, hooks.transportMessage(response.status));
  } catch (error) {
    if (error instanceof StaffApiError) throw error;
    const code = error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network';
    throw new StaffApiError(code, hooks.transportMessage(undefined));
  }
  const envelope = anyEnvelope.safeParse(body);
  if (!envelope.success) throw new StaffApiError('unknown', hooks.transportMessage(undefined));
  const { code, msg, data } = envelope.data;
  if (code === Code.success) return { data: def.response.parse(data) as z.output<C['response']>, msg };
  if (code === Code.sessionInvalid && !options.token) hooks.sessionInvalid();
  throw new StaffApiError(code, msg, data);
}
