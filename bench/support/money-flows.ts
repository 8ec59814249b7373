/**
 * Real money for bench:invariants, over the wire as a foreign client speaks it: real traders who
 * register, get their identity approved, bind a TRC20 address, deposit with a proof image (by coin
 * and by wire), ask for withdrawals and cancel some; staff who approve or reject deposits (often two
 * of them pressing at the same moment on the same request) and reject or pay withdrawals (four eyes
 * at or above the threshold: two different staff members). Every request the server acknowledged
 * goes in a journal, so that afterwards the store can be asked whether it kept it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { generateSync } from 'otplib';
import sharp from 'sharp';

export interface Answer { code: number; msg: string; data: any }
export interface Counts { ok: number; refused: number; transport: number }

/** The calls of one client; `undefined` when the server did not answer (it was being killed). */
/** `base`: the server, or a function naming the next of several (a cluster's edges, in turn). */
export function createWire(base: string | (() => string), counts: Counts) {
  const baseOf = typeof base === 'string' ? () => base : base;
  const headers = (token?: string, ip?: string) => ({
    lang: 'en',
    ...(token ? { authorization: token } : {}),
    // Each simulated device from its own address (the server trusts the bench as its proxy), so the
    // per-address limits on new accounts count devices, not the one machine running the bench.
    ...(ip ? { 'x-forwarded-for': ip } : {}),
  });
  async function send(url: string, init: RequestInit): Promise<Answer | undefined> {
    try {
      const body = (await (await fetch(`${baseOf()}${url}`, init)).json()) as Answer;
      counts[body.code === 1 ? 'ok' : 'refused'] += 1;
      return body;
    } catch {
      counts.transport += 1;
      return undefined;
    }
  }
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries({ ...params, t: Date.now() }).map(([k, v]) => [k, String(v)]));
  return {
    get: (url: string, params: Record<string, string | number>, token?: string, ip?: string) =>
      send(`${url}?${query(params)}`, { headers: headers(token, ip) }),
    form: (url: string, params: Record<string, string | number>, token?: string, ip?: string) =>
      send(url, { method: 'POST', headers: { ...headers(token, ip), 'content-type': 'application/x-www-form-urlencoded' }, body: query(params) }),
    json: (url: string, body: Record<string, unknown>, token?: string) =>
      send(url, { method: 'POST', headers: { ...headers(token), 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    upload(token: string, bytes: Buffer): Promise<Answer | undefined> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'proof.png');
      return send('/api/common/image_upload', { method: 'POST', headers: headers(token), body: form });
    },
  };
}
export type Wire = ReturnType<typeof createWire>;

/** What the server said yes to; checked against the store once the run is over. */
export type Ack =
  | { kind: 'upload'; name: string }
  | { kind: 'bind'; userId: number }
  | { kind: 'deposit'; reference: string }
  | { kind: 'deposit decision'; id: number; status: 1 | 2 }
  | { kind: 'withdrawal'; memo: string }
  /** `firstApprover`: the approval of a four-eyes request; it may still be paid or rejected later. */
  | { kind: 'withdrawal decision'; id: number; status: 'cancelled' | 'rejected' | 'paid' | 'approved'; firstApprover?: number }
  | { kind: 'order'; id: number; status?: 3 | 4 };

/** A valid TRC20 address (base58check, version 0x41). */
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const FOUR_EYES = 1000; // the default `four_eyes_threshold`

export interface RealTrader {
  token: string; id: number; open: number[]; pending: number[]; method?: number; currency?: number;
  /** A deposit under way: its proof image uploads while the trader does other things. */
  depositing?: Promise<void>;
}
export interface StaffMember { token: string; id: number }

export function moneyFlows(wire: Wire, random: () => number, dataDir: string) {
  const journal: Ack[] = [];
  const tally = {
    deposits: 0, wire: 0, withdrawals: 0, fourEyes: 0, cancels: 0, depositRaces: 0, withdrawalRaces: 0,
    /** Two staff pressing at once on one request, both told it worked: must stay 0. */
    bothWon: 0,
    /** The first approver of a four-eyes request trying to be the second: refused each time. */
    sameStaffRefused: 0, sameStaffAccepted: 0,
    /** How long each deposit's proof image took to upload, in ms. */
    uploadMs: [] as number[],
  };
  let serial = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const picture = (background: string) => sharp({ create: { width: 16, height: 16, channels: 3, background } }).png().toBuffer();
  // Deposits share one proof; an identity's two sides must be two pictures.
  const proof = picture('#3366ff');
  const backSide = picture('#33aa66');

  async function uploaded(token: string, image = proof): Promise<string | undefined> {
    const res = await wire.upload(token, await image);
    if (res?.code !== 1) return undefined;
    journal.push({ kind: 'upload', name: /image\/([^?]+)/.exec(res.data.url)![1]! });
    return res.data.url;
  }

  /** The newest 6-digit code in the server's outbox for `email`. */
  async function mailedCode(email: string): Promise<string | undefined> {
    const outbox = path.join(dataDir, 'outbox');
    for (const file of (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse()) {
      const text = await fs.readFile(path.join(outbox, file), 'utf8');
      if (text.startsWith(`To: ${email}\n`)) return /\b(\d{6})\b/.exec(text)?.[1];
    }
    return undefined;
  }

  /** Registers with an emailed code, and has the identity approved by `admin` (withdrawals need it). */
  async function realTrader(n: number, admin: StaffMember): Promise<RealTrader> {
    const email = `${unique('real')}@bench.example`;
    const ip = `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    if ((await wire.form('/api/notify/send_email', { to: email, type: 1 }, undefined, ip))?.code !== 1) throw new Error('no registration code');
    const code = await mailedCode(email);
    const res = await wire.form('/api/user/register', { type: 'email', account: email, password: 'secret123', re_password: 'secret123', sms_code: code ?? '' }, undefined, ip);
    if (res?.code !== 1) throw new Error(`registration refused: ${res?.msg}`);
    const trader: RealTrader = { token: res.data.token, id: Number(res.data.id), open: [], pending: [] };
    const [front, back] = [await uploaded(trader.token), await uploaded(trader.token, backSide)];
    await wire.form('/api/user_real/real_name', { name: `Bench Trader ${n}`, card_id: `BT${100000 + n}`, front_pic: front!, reverse_pic: back! }, trader.token);
    if ((await wire.json('/admin/api/identity/approve', { user_id: trader.id }, admin.token))?.code !== 1) throw new Error('identity not approved');
    return trader;
  }

  /** The first admin from the environment creates finance staff; each logs in with its own TOTP. */
  async function staffTeam(email: string, password: string, secret: string, size: number): Promise<StaffMember[]> {
    const login = async (who: string, totp: string) => {
      const res = await wire.json('/admin/api/auth/login', { email: who, password, otp: generateSync({ secret: totp }) });
      if (res?.code !== 1) throw new Error(`staff login refused: ${res?.msg}`);
      return { token: res.data.token as string, id: Number(res.data.staff.id) };
    };
    const admin = await login(email, secret);
    const team = [admin];
    for (let i = 0; i < size - 1; i++) {
      const who = `${unique('finance')}@staff.example`;
      const created = await wire.json('/admin/api/staff', { email: who, password, role: 'finance' }, admin.token);
      team.push(await login(who, created!.data.totp_secret));
    }
    return team;
  }

  /** One step of a real trader: bind an address first; then deposit, withdraw, cancel, or trade. */
  async function traderStep(trader: RealTrader, trade: (trader: RealTrader) => Promise<void>) {
    if (trader.method === undefined || trader.currency === undefined) {
      const [currency] = (await wire.get('/api/account/draw_symbol_list', { type: 1 }, trader.token))?.data ?? [];
      if (!currency) return;
      // A bind answered with code 1 is kept; one lost in a kill shows in the list after the restart.
      const bound = await wire.form('/api/wallet/bind_draw_method', { draw_id: currency.id, type: 1, dc_address: TRON }, trader.token);
      if (bound?.code === 1) journal.push({ kind: 'bind', userId: trader.id });
      const [method] = (await wire.get('/api/wallet/get_draw_method', { draw_type: 1 }, trader.token))?.data ?? [];
      [trader.method, trader.currency] = [method?.id, currency.id];
      return;
    }
    const roll = random();
    if (roll < 0.3) trader.depositing ??= deposit(trader).finally(() => { trader.depositing = undefined; });
    else if (roll < 0.65) await withdraw(trader, trader.currency);
    else if (roll < 0.8) await cancel(trader);
    else await trade(trader);
  }

  async function deposit(trader: RealTrader) {
    const started = performance.now();
    const proofImg = await uploaded(trader.token);
    if (!proofImg) return;
    tally.uploadMs.push(performance.now() - started);
    const reference = unique('ref');
    const number = 200 + Math.floor(random() * 2800);
    let res: Answer | undefined;
    if (random() < 0.3) {
      const [coin] = (await wire.get('/api/quickCharge/symbols', {}, trader.token))?.data ?? [];
      const [bank] = coin ? ((await wire.get('/api/quickCharge/wire_info', { bank_coin: coin.id }, trader.token))?.data ?? []) : [];
      if (!bank) return;
      res = await wire.get('/api/quickCharge/wire_submit', { number, proofImg, wire_id: bank.id, reference }, trader.token);
      if (res?.code === 1) tally.wire += 1;
    } else {
      const [network] = (await wire.get('/api/quickCharge/info', {}, trader.token))?.data ?? [];
      if (!network) return;
      res = await wire.get('/api/quickCharge/submit', { number, proofImg, address: network.address, charge_id: network.id, reference }, trader.token);
    }
    if (res?.code === 1) {
      tally.deposits += 1;
      journal.push({ kind: 'deposit', reference });
    }
  }

  /** Half the asks are at or above the four-eyes threshold when the account can pay them. */
  async function withdraw(trader: RealTrader, currencyId: number) {
    const available = Number((await wire.get('/v1/api/main/wallet/getBalance', {}, trader.token))?.data?.balance ?? 0);
    if (available < 20) return;
    const large = available >= FOUR_EYES && random() < 0.5;
    const number = large ? FOUR_EYES + Math.floor(random() * Math.min(available - FOUR_EYES, 1500)) : 10 + Math.floor(random() * Math.min(available - 10, 900));
    const memo = unique('memo');
    const res = await wire.form('/api/account/draw', { draw_currency_id: currencyId, number, draw_method_id: trader.method!, memo }, trader.token);
    if (res?.code === 1) {
      tally.withdrawals += 1;
      if (number >= FOUR_EYES) tally.fourEyes += 1;
      journal.push({ kind: 'withdrawal', memo });
    }
  }

  /** Takes back one of its requests still open (an approved one is refused: too late). */
  async function cancel(trader: RealTrader) {
    const rows: { id: number; status: string }[] = (await wire.get('/api/account/draw_list', { type: 1, page: 1 }, trader.token))?.data?.data ?? [];
    const open = rows.filter((r) => r.status === 'waiting' || r.status === 'approved');
    if (open.length === 0) return;
    const { id } = pick(open);
    if ((await wire.form('/api/account/draw_cancel', { id }, trader.token))?.code === 1) {
      tally.cancels += 1;
      journal.push({ kind: 'withdrawal decision', id, status: 'cancelled' });
    }
  }

  const two = (team: StaffMember[], not?: number) => {
    const pool = team.filter((s) => s.id !== not);
    const a = pick(pool);
    return [a, pick(pool.filter((s) => s !== a))] as const;
  };
  /** One staff decision and what its yes means: a payment may answer that it waits for a second approval. */
  const decide = async (who: StaffMember, path: string, body: Record<string, unknown>) => {
    const res = await wire.json(`/admin/api${path}`, body, who.token);
    const status: 'rejected' | 'paid' | 'approved' | undefined = path.endsWith('/reject') ? 'rejected' : res?.data?.status;
    return { who, won: res?.code === 1, answered: res !== undefined, status };
  };

  /**
   * One pass of a staff desk over the oldest waiting deposits and withdrawals, the requests of a page
   * decided at once (several staff at work), each deposit often by two staff pressing at once.
   */
  async function staffStep(team: StaffMember[]) {
    const desk = pick(team);
    const queue = async (path: string, status: number | string): Promise<{ id: number; first_approver: number | null }[]> =>
      (await wire.get(`/admin/api${path}`, { status, limit: 5 }, desk.token))?.data?.data ?? [];
    const [deposits, waiting, approved] = await Promise.all([queue('/deposits', 0), queue('/withdrawals', 'waiting'), queue('/withdrawals', 'approved')]);
    await Promise.all([...deposits.map(({ id }) => decideDeposit(team, id)), ...[...waiting, ...approved].map((row) => decideWithdrawal(team, row))]);
  }

  async function decideDeposit(team: StaffMember[], id: number) {
    const [a, b] = two(team);
    const roll = random();
    const approve = (who: StaffMember) => decide(who, '/deposits/approve', { id });
    const reject = (who: StaffMember) => decide(who, '/deposits/reject', { id, reason: 'No transfer received' });
    // Mostly two staff pressing approve on the same request at the same moment.
    const answers = await Promise.all(roll < 0.6 ? [approve(a), approve(b)] : roll < 0.8 ? [approve(a), reject(b)] : [reject(a)]);
    if (answers.length === 2) tally.depositRaces += 1;
    const won = answers.filter((x) => x.won);
    if (won.length > 1) tally.bothWon += 1;
    for (const x of won) journal.push({ kind: 'deposit decision', id, status: x.status === 'rejected' ? 2 : 1 });
  }

  async function decideWithdrawal(team: StaffMember[], row: { id: number; first_approver: number | null }) {
    const { id } = row;
    const [a, b] = two(team, row.first_approver ?? undefined);
    const pay = (who: StaffMember) => decide(who, '/withdrawals/approve', { id, txid: unique('tx') });
    const reject = (who: StaffMember) => decide(who, '/withdrawals/reject', { id, reason: 'Destination not accepted' });
    const roll = random();
    const answers = await Promise.all(roll < 0.2 ? [reject(a)] : roll < 0.45 ? [pay(a), pay(b)] : roll < 0.55 ? [pay(a), reject(b)] : [pay(a)]);
    if (answers.length === 2) tally.withdrawalRaces += 1;
    const won = answers.filter((x) => x.won);
    // A first approval and a payment by another may both win (that is four eyes); two final outcomes may not.
    if (won.filter((x) => x.status !== 'approved').length > 1) tally.bothWon += 1;
    for (const { who, status } of won) {
      journal.push({ kind: 'withdrawal decision', id, status: status!, ...(status === 'approved' ? { firstApprover: who.id } : {}) });
      if (status === 'approved') {
        // The first approver tries to be the second as well: four eyes must refuse it.
        const again = await pay(who);
        if (again.won) tally.sameStaffAccepted += 1;
        else if (again.answered) tally.sameStaffRefused += 1;
      }
    }
  }

  /** Waits for the deposits still under way, so that the journal is complete. */
  const settle = (traders: RealTrader[]) => Promise.all(traders.map((t) => t.depositing));

  return { journal, tally, realTrader, staffTeam, traderStep, staffStep, settle };
}
