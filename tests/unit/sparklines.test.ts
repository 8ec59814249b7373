import { expect, it, vi } from 'vitest';

/** The server's answers, held until the test lets each one go. */
const asked: { id: number; answer: () => void }[] = [];
vi.stubGlobal('location', new URL('http://127.0.0.1:1/'));
vi.stubGlobal('fetch', (request: Request) => {
  const id = Number(new URL(request.url).searchParams.get('forex_id'));
  const candle = { Time: 0, Open: 1, High: id, Low: 1, Close: id, Volume: 0, Period: '15min' };
  return new Promise<Response>((resolve) =>
    asked.push({ id, answer: () => resolve(Response.json({ code: 1, msg: '', data: [candle, candle] })) }),
  );
});
const { sparklines } = await import('../../src/features/market/home/sparklines');

const settle = () => new Promise((r) => setTimeout(r, 10));

it('asks for at most three series at once, each next one as one is answered, and keeps every answer', async () => {
  const told: number[] = [];
  for (let id = 1; id <= 8; id++) {
    sparklines.subscribe(id, () => told.push(id));
    sparklines.want(id);
  }
  sparklines.want(2); // already on its way: not asked twice
  await settle();
  expect(asked.map((a) => a.id)).toEqual([1, 2, 3]);

  asked[1]!.answer();
  await settle();
  expect(told).toEqual([2]);
  expect(sparklines.get(2)).toEqual([2, 2]);
  expect(asked.map((a) => a.id)).toEqual([1, 2, 3, 4]);

  for (let i = 0; i < 8; i++) {
    asked.filter((a) => a.id !== 2).forEach((a) => a.answer());
    await settle();
  }
  expect(asked.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(told.sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(sparklines.get(8)).toEqual([8, 8]);
});
