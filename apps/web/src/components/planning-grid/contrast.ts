/**
 * Readable text on a shift's colour (WCAG 2 contrast). Shift colours are chosen by people, so the
 * text colour is computed, never assumed: the dark ink or white, whichever contrasts more (at least
 * 4.5:1 for any background, since one of black and white always reaches 4.58:1).
 */
const DARK = '#10231f';
const LIGHT = '#ffffff';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** `#rgb` or `#rrggbb` to [r, g, b]; null when not a hex colour. */
function parseHex(color: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) return 1;
  const [r, g, b] = rgb.map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const cache = new Map<string, string>();

/** The text colour to use on `background`: our dark ink, white, or pure black when the ink falls short. */
export function readableTextColor(background: string): string {
  const cached = cache.get(background);
  if (cached) return cached;
  const dark = contrastRatio(background, DARK);
  const light = contrastRatio(background, LIGHT);
  let result = dark >= light ? DARK : LIGHT;
  if (Math.max(dark, light) < 4.5) result = contrastRatio(background, '#000000') >= light ? '#000000' : LIGHT;
  cache.set(background, result);
  return result;
}
