/**
 * The API origin (spec section 1): the page host with its first label replaced by `api`
 * (app.example.com -> api.example.com). The page's own origin for localhost, IP addresses,
 * single-label hosts, and whenever `override` says so (`VITE_API_ORIGIN`: "same" or an origin).
 */
export function apiOrigin(location: { protocol: string; host: string; hostname: string }, override?: string): string {
  if (override && override !== 'same') return override.replace(/\/$/, '');
  const own = `${location.protocol}//${location.host}`;
  if (override === 'same') return own;
  const host = location.hostname;
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
  const labels = host.split('.');
  if (host === 'localhost' || host.endsWith('.localhost') || isIp || labels.length < 3) return own;
  const port = location.host.slice(location.hostname.length);
  return `${location.protocol}//${['api', ...labels.slice(1)].join('.')}${port}`;
}
