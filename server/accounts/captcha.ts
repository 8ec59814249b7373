import { randomInt, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, eq, gt, lt } from 'drizzle-orm';
import { refuse } from '../platform/http/refusal';
import type { Db } from '../platform/store/open';
import { captchas } from './schema';

const VALID_MS = 5 * 60_000;
const CHARS = '23456789ABCDEFGHJKLMNPRSTUVWXYZ';
/** svg-captcha draws given text as glyph outlines with noise lines (its typings name only `create`, whose text comes from Math.random). */
const drawText = createRequire(import.meta.url)('svg-captcha') as (text: string, options: object) => string;

/**
 * A 5-character image code as a PNG data URL. The glyphs are outlines, jittered and crossed by
 * lines, then rasterised: the answer is in no text, path or attribute a script could read off.
 */
async function drawCaptcha(answer: string): Promise<string> {
  const svg = drawText(answer, { width: 120, height: 40, fontSize: 40, noise: 3, color: false, background: '#f4f4f4' });
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function newCaptcha(db: Db): Promise<{ id: string; b64s: string }> {
  const answer = Array.from({ length: 5 }, () => CHARS[randomInt(0, CHARS.length)]).join('');
  const id = randomUUID();
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ id, answer, expiresAt: new Date(Date.now() + VALID_MS) });
  return { id, b64s: await drawCaptcha(answer) };
}

/** One try per image: the captcha is deleted whether the answer was right or not. */
export async function useCaptcha(db: Db, id: string, answer: string): Promise<void> {
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, new Date())))
    .returning({ answer: captchas.answer });
  if (!row || row.answer !== answer.trim().toUpperCase()) refuse('captcha_invalid');
}
