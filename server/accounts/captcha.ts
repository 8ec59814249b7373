import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { refuse } from '../platform/http/refusal';
import type { Db } from '../platform/store/open';
import { captchas } from './schema';

const VALID_MS = 5 * 60_000;
const CHARS = '23456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** A 5-character image code as an SVG data URL, with crossing lines and jitter against OCR. */
export function drawCaptcha(answer: string): string {
  const glyphs = [...answer]
    .map((ch, i) => {
      const x = 14 + i * 22, y = 30 + randomInt(-4, 5), angle = randomInt(-25, 26);
      return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" font-size="24" font-family="monospace" fill="#${randomInt(0x202020, 0x707070).toString(16)}">${ch}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 5 }, () =>
    `<line x1="${randomInt(0, 120)}" y1="${randomInt(0, 40)}" x2="${randomInt(0, 120)}" y2="${randomInt(0, 40)}" stroke="#999" stroke-width="1"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#f4f4f4"/>${lines}${glyphs}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function newCaptcha(db: Db): Promise<{ id: string; b64s: string }> {
  const answer = Array.from({ length: 5 }, () => CHARS[randomInt(0, CHARS.length)]).join('');
  const id = randomUUID();
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ id, answer, expiresAt: new Date(Date.now() + VALID_MS) });
  return { id, b64s: drawCaptcha(answer) };
}

/** One try per image: the captcha is deleted whether the answer was right or not. */
export async function useCaptcha(db: Db, id: string, answer: string): Promise<void> {
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, new Date())))
    .returning({ answer: captchas.answer });
  if (!row || row.answer !== answer.trim().toUpperCase()) refuse('captcha_invalid');
}
