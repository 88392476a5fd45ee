import { randomInt } from 'node:crypto';

/** An image captcha as SVG: four characters without look-alikes, each turned, over noise lines. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function makeCaptcha(): { answer: string; svg: string } {
  const answer = Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const w = 120;
  const h = 40;
  const colour = () => `hsl(${randomInt(360)},60%,${randomInt(25, 45)}%)`;
  const lines = Array.from({ length: 6 }, () =>
    `<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${colour()}" stroke-width="1"/>`,
  ).join('');
  const dots = Array.from({ length: 30 }, () => `<circle cx="${randomInt(w)}" cy="${randomInt(h)}" r="1" fill="${colour()}"/>`).join('');
  const chars = [...answer]
    .map((c, i) => {
      const x = 14 + i * 26;
      const y = 28 + randomInt(-4, 5);
      return `<text x="${x}" y="${y}" font-size="${randomInt(22, 28)}" font-family="Arial,sans-serif" font-weight="bold" fill="${colour()}" transform="rotate(${randomInt(-25, 26)} ${x} ${y})">${c}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f4f6f9"/>${lines}${dots}${chars}</svg>`;
  return { answer, svg };
}
