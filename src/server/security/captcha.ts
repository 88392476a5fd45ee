import { randomInt } from 'node:crypto';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphStrokes, type Point } from './stroke-font';

/**
 * The image captcha: four characters drawn as SVG paths, never as text. Each glyph is traced from a
 * small stroke font through its own random affine distortion (scale, rotation, shear), its strokes
 * are cut into short pieces whose points wander, and the pieces of all glyphs and the noise are
 * shuffled into one list of paths with colours chosen per stroke — so nothing in the markup says
 * which path belongs to which character, in which order, or what it is. The answer stays on the
 * server (table captchas), one use per key, expiring.
 */
export const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const W = 120;
const H = 40;
const LENGTH = 4;

/** A uniform real in [a, b) from the cryptographic generator: the distortion must not be predictable. */
const rand = (a: number, b: number) => a + (randomInt(0, 1 << 30) / (1 << 30)) * (b - a);
const pick = <T>(xs: readonly T[]) => xs[randomInt(xs.length)];
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
const colour = () => `hsl(${randomInt(360)},${randomInt(45, 75)}%,${randomInt(22, 42)}%)`;

export function newCaptchaAnswer(): string {
  return Array.from({ length: LENGTH }, () => pick([...ALPHABET])).join('');
}

/** Cuts a polyline into steps of at most `step` font units, so the wandering bends straight lines too. */
function subdivide(line: Point[], step: number): Point[] {
  const out: Point[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1];
    const [x1, y1] = line[i];
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step));
    for (let k = 1; k <= n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  return out;
}

/** One glyph's strokes in image coordinates, through a distortion of its own. */
function distortedGlyph(ch: string, cx: number, cy: number): Point[][] {
  const strokes = glyphStrokes(ch);
  if (!strokes) throw new Error(`captcha font lacks ${ch}`);
  const scale = rand(1.5, 1.85);
  const sx = scale * rand(0.8, 1.15);
  const sy = scale * rand(0.85, 1.1);
  const angle = rand(-0.42, 0.42);
  const shear = rand(-0.35, 0.35);
  const wave = { amp: rand(0.2, 0.6), freq: rand(0.4, 0.9), phase: rand(0, Math.PI * 2) };
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const place = ([fx, fy]: Point): Point => {
    // centre the box, wobble, shear, scale, rotate, move to the slot
    let x = fx - GLYPH_WIDTH / 2 + rand(-0.3, 0.3) + wave.amp * Math.sin(fy * wave.freq + wave.phase);
    let y = fy - GLYPH_HEIGHT / 2 + rand(-0.3, 0.3);
    x += shear * y;
    x *= sx;
    y *= sy;
    return [cx + x * cos - y * sin, cy + x * sin + y * cos];
  };
  return strokes.map((line) => subdivide(line, 2).map(place));
}

/** Breaks a traced stroke into pieces of a few points: a path element never holds a whole letter. */
function pieces(line: Point[]): Point[][] {
  const out: Point[][] = [];
  let i = 0;
  while (i < line.length - 1) {
    const len = randomInt(2, 5);
    out.push(line.slice(i, i + len + 1));
    i += len;
  }
  return out;
}

const polyline = (pts: Point[]) => `M${pts.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join('L')}`;

function noiseCurve(): string {
  const p = (x: number) => `${fmt(x)} ${fmt(rand(4, H - 4))}`;
  return `M${p(rand(0, 15))}C${p(rand(25, 55))} ${p(rand(55, 95))} ${p(rand(105, W))}`;
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** The SVG of an answer: only <svg>, <rect> and <path>; path data is numbers and M, L, C. */
export function renderCaptcha(answer: string): string {
  const paths: string[] = [];
  [...answer].forEach((ch, i) => {
    const cx = 17 + i * 28.5 + rand(-3, 3);
    const cy = H / 2 + rand(-2.5, 2.5);
    for (const line of distortedGlyph(ch, cx, cy)) {
      for (const piece of pieces(line)) paths.push(`<path d="${polyline(piece)}" stroke="${colour()}" stroke-width="${fmt(rand(1.9, 2.6))}"/>`);
    }
  });
  for (let i = 0; i < 3; i++) paths.push(`<path d="${noiseCurve()}" stroke="${colour()}" stroke-width="${fmt(rand(1, 1.8))}"/>`);
  // short strokes of a glyph's size, so that counting pieces does not separate letters from noise
  for (let i = 0; i < 6; i++) {
    const x = rand(5, W - 5);
    const y = rand(5, H - 5);
    paths.push(`<path d="${polyline([[x, y], [x + rand(-6, 6), y + rand(-6, 6)], [x + rand(-6, 6), y + rand(-6, 6)]])}" stroke="${colour()}" stroke-width="${fmt(rand(0.8, 1.4))}"/>`);
  }
  for (let i = 0; i < 30; i++) paths.push(`<path d="M${fmt(rand(0, W))} ${fmt(rand(0, H))}l.5 .5" stroke="${colour()}" stroke-width="1.5"/>`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#f4f6f9"/>` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${shuffle(paths).join('')}</g></svg>`
  );
}

export function makeCaptcha(): { answer: string; svg: string } {
  const answer = newCaptchaAnswer();
  return { answer, svg: renderCaptcha(answer) };
}
