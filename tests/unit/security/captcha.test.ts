// @vitest-environment node
/**
 * The image captcha: its characters are paths traced through a random distortion, so the
 * markup neither contains the answer nor repeats a shape a program could look up.
 */
import { describe, expect, it } from 'vitest';
import { ALPHABET, makeCaptcha, renderCaptcha } from '../../../src/server/security/captcha';
import { DRAWN_CHARACTERS, glyphStrokes } from '../../../src/server/security/stroke-font';

const pathData = (svg: string) => [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]);

describe('captcha', () => {
  it('the stroke font draws every character of the alphabet', () => {
    for (const ch of ALPHABET) expect(DRAWN_CHARACTERS, ch).toContain(ch);
    for (const ch of 'IO01') expect(ALPHABET).not.toContain(ch);
    expect(glyphStrokes('A')![0][1]).toEqual([4, 0]);
  });

  it('answers are four characters of the alphabet, and vary', () => {
    const answers = new Set(Array.from({ length: 50 }, () => makeCaptcha().answer));
    for (const a of answers) expect(a).toMatch(new RegExp(`^[${ALPHABET}]{4}$`));
    expect(answers.size).toBeGreaterThan(40);
  });

  it('the same answer is never drawn the same way twice', () => {
    const a = pathData(renderCaptcha('AAAA'));
    const b = pathData(renderCaptcha('AAAA'));
    expect(a.length).toBeGreaterThan(30);
    const shared = a.filter((d) => b.includes(d));
    expect(shared).toEqual([]);
  });

  it('holds no text: only paths whose data is numbers and drawing commands', () => {
    const svg = renderCaptcha('K7QW');
    expect(svg).not.toMatch(/<text|font-family|K7QW/);
    for (const d of pathData(svg)) expect(d).toMatch(/^[MLCl0-9. -]+$/);
  });
});
