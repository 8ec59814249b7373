/** A tiny client for tests: the wire as a foreign client would speak it (no app code involved). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function client(base: string, defaults: { lang?: string; token?: string } = {}) {
  const headers = (token?: string) => ({
    lang: defaults.lang ?? 'en',
    ...((token ?? defaults.token) ? { authorization: (token ?? defaults.token)! } : {}),
  });
  return {
    async get<T = any>(url: string, query: Record<string, string | number> = {}, token?: string): Promise<Envelope<T>> {
      const qs = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), t: String(Date.now()) });
      const res = await fetch(`${base}${url}?${qs}`, { headers: headers(token) });
      return res.json() as Promise<Envelope<T>>;
    },
    async form<T = any>(url: string, body: Record<string, string | number>, token?: string): Promise<Envelope<T>> {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...headers(token), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]))),
      });
      return res.json() as Promise<Envelope<T>>;
    },
    async raw(url: string, init: RequestInit = {}) {
      return fetch(`${base}${url}`, { ...init, headers: { ...headers(), ...(init.headers ?? {}) } });
    },
  };
}
