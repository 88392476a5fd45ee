/**
 * A small stroke font for the image captcha: each character is a few polylines in a box 8 wide and
 * 12 high (y downwards). Drawing our own outlines keeps the answer out of the markup — an SVG
 * <text> element would hand it to any program — and needs no font file or image library.
 * Only the captcha's alphabet is drawn: no I, O, 0 or 1, which people confuse.
 */
export const GLYPH_WIDTH = 8;
export const GLYPH_HEIGHT = 12;

const STROKES: Record<string, string[]> = {
  A: ['0,12 4,0 8,12', '1.5,7.5 6.5,7.5'],
  B: ['0,0 0,12 5.5,12 7.5,10.5 7.5,7.5 5.5,6 0,6', '0,0 5,0 7,1.5 7,4.5 5,6'],
  C: ['8,1.5 6,0 2,0 0,2 0,10 2,12 6,12 8,10.5'],
  D: ['0,0 0,12 4.5,12 7.5,9.5 8,6 7.5,2.5 4.5,0 0,0'],
  E: ['8,0 0,0 0,12 8,12', '0,6 6,6'],
  F: ['8,0 0,0 0,12', '0,6 6,6'],
  G: ['8,1.5 6,0 2,0 0,2 0,10 2,12 6,12 8,10 8,6.5 4.5,6.5'],
  H: ['0,0 0,12', '8,0 8,12', '0,6 8,6'],
  J: ['3,0 8,0 8,9.5 6,12 2,12 0,9.5'],
  K: ['0,0 0,12', '8,0 0,7.5', '2.5,5.5 8,12'],
  L: ['0,0 0,12 8,12'],
  M: ['0,12 0,0 4,7 8,0 8,12'],
  N: ['0,12 0,0 8,12 8,0'],
  P: ['0,12 0,0 6,0 8,2 8,4.5 6,6.5 0,6.5'],
  Q: ['2,0 6,0 8,2 8,10 6,12 2,12 0,10 0,2 2,0', '5,8.5 8.5,12.5'],
  R: ['0,12 0,0 6,0 8,2 8,4.5 6,6.5 0,6.5', '4,6.5 8,12'],
  S: ['8,1.5 6,0 2,0 0,2 0,4 2,5.5 6,6.5 8,8 8,10 6,12 2,12 0,10.5'],
  T: ['0,0 8,0', '4,0 4,12'],
  U: ['0,0 0,10 2,12 6,12 8,10 8,0'],
  V: ['0,0 4,12 8,0'],
  W: ['0,0 2,12 4,4 6,12 8,0'],
  X: ['0,0 8,12', '8,0 0,12'],
  Y: ['0,0 4,6 8,0', '4,6 4,12'],
  Z: ['0,0 8,0 0,12 8,12'],
  2: ['0,2.5 2,0 6,0 8,2 8,4.5 0,12 8,12'],
  3: ['0,1.5 2,0 6,0 8,2 8,4 6,6 3,6', '6,6 8,8 8,10 6,12 2,12 0,10.5'],
  4: ['6,12 6,0 0,8.5 8,8.5'],
  5: ['8,0 1,0 0,5.5 5,5 8,7 8,10 6,12 2,12 0,10.5'],
  6: ['7.5,1 5.5,0 2,0 0,2.5 0,10 2,12 6,12 8,10 8,7.5 6,5.5 2,5.5 0,7.5'],
  7: ['0,0 8,0 3,12'],
  8: ['2,6 0,4 0,2 2,0 6,0 8,2 8,4 6,6 2,6 0,8 0,10 2,12 6,12 8,10 8,8 6,6'],
  9: ['8,4.5 6,6.5 2,6.5 0,4.5 0,2 2,0 6,0 8,2 8,10 6,12 2,12 0.5,11'],
};

export type Point = [number, number];

/** The polylines of one character, or undefined for a character the font does not draw. */
export function glyphStrokes(ch: string): Point[][] | undefined {
  return STROKES[ch]?.map((s) => s.split(' ').map((p) => p.split(',').map(Number) as Point));
}

export const DRAWN_CHARACTERS = Object.keys(STROKES).join('');
