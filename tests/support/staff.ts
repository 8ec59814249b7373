import { generateSync } from 'otplib';
import type { StaffRole } from '../../contract/backoffice';
import { createStaff } from '../../server/backoffice/staff';
import type { Envelope } from './http';
import type { TestServer } from './server';

/** The back-office API as a foreign client speaks it: JSON bodies, the staff token as authorization. */
export function staffApi(base: string) {
  return async function post<T = any>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
    const res = await fetch(`${base}/admin/api${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body),
    });
    return res.json() as Promise<Envelope<T>>;
  };
}

let seq = 0;

/** A new staff member of `role`, logged in with password and TOTP; answers the token. */
export async function signInStaff(server: TestServer, role: StaffRole, email = `${role}${++seq}@staff.example`): Promise<string> {
  const { secret } = await createStaff(server.store.db, email, 'staffpass1', role);
  const login = await staffApi(server.url)<{ token: string }>('/auth/login', { email, password: 'staffpass1', otp: generateSync({ secret }) });
  if (login.code !== 1) throw new Error(`staff login failed: ${login.msg}`);
  return login.data.token;
}
