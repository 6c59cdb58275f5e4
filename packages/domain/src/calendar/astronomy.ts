/**
 * The two astronomical dates Chilean holidays depend on: Easter Sunday (Viernes and Sábado Santo)
 * and the June (winter) solstice (Día Nacional de los Pueblos Indígenas).
 */
import { formatLocalDate, fromDayNumber, type LocalDate } from './local-date';

/** Easter Sunday of a Gregorian year (anonymous Gregorian computus), the anchor of Holy Week. */
export function easterSunday(year: number): LocalDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatLocalDate(year, month, day);
}

// Periodic terms of Meeus, Astronomical Algorithms, table 27.C (A, B degrees, C degrees per century).
const SOLSTICE_TERMS: readonly (readonly [number, number, number])[] = [
  [485, 324.96, 1934.136], [203, 337.23, 32964.467], [199, 342.08, 20.186], [182, 27.85, 445267.112],
  [156, 73.14, 45036.886], [136, 171.52, 22518.443], [77, 222.54, 65928.934], [74, 296.72, 3034.906],
  [70, 243.58, 9037.513], [58, 119.81, 33718.147], [52, 297.17, 150.678], [50, 21.02, 2281.226],
  [45, 247.54, 29929.562], [44, 325.15, 31555.956], [29, 60.93, 4443.417], [18, 155.12, 67555.328],
  [17, 288.79, 4562.452], [16, 198.04, 62894.029], [14, 199.76, 31436.921], [12, 95.39, 14577.848],
  [12, 287.11, 31931.756], [12, 320.81, 34777.259], [9, 227.73, 1222.114], [8, 15.45, 16859.074],
];

const DEG = Math.PI / 180;

/** ΔT = TT - UT in seconds (Espenak & Meeus polynomials), to turn the solstice's dynamical time into UTC. */
function deltaTSeconds(year: number): number {
  const y = year + 0.5;
  if (y < 2005) {
    const t = y - 2000;
    return 63.86 + 0.3345 * t - 0.060374 * t ** 2 + 0.0017275 * t ** 3 + 0.000651814 * t ** 4 + 0.00002373599 * t ** 5;
  }
  if (y < 2050) {
    const t = y - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t ** 2;
  }
  if (y < 2150) return -20 + 32 * ((y - 1820) / 100) ** 2 - 0.5628 * (2150 - y);
  return -20 + 32 * ((y - 1820) / 100) ** 2;
}

/** UTC instant (epoch ms) of the June solstice of a year 1000..3000, accurate to about a minute (Meeus ch. 27). */
export function juneSolsticeInstant(year: number): number {
  const y = (year - 2000) / 1000;
  const jde0 = 2451716.56767 + 365241.62603 * y + 0.00325 * y ** 2 + 0.00888 * y ** 3 - 0.0003 * y ** 4;
  const t = (jde0 - 2451545.0) / 36525;
  const w = (35999.373 * t - 2.47) * DEG;
  const dl = 1 + 0.0334 * Math.cos(w) + 0.0007 * Math.cos(2 * w);
  let s = 0;
  for (const [a, b, c] of SOLSTICE_TERMS) s += a * Math.cos((b + c * t) * DEG);
  const jde = jde0 + (0.00001 * s) / dl;
  // JD 2440587.5 is 1970-01-01T00:00Z.
  return Math.round((jde - 2440587.5) * 86_400_000 - deltaTSeconds(year) * 1000);
}

/**
 * Local date of the June solstice in continental Chile. Ley 21.357 names "el día del solsticio de
 * invierno"; mainland Chile is UTC-4 in June in every year of the law, so a fixed offset is exact.
 */
export function juneSolsticeDateChile(year: number): LocalDate {
  const localMs = juneSolsticeInstant(year) - 4 * 3_600_000;
  return fromDayNumber(Math.floor(localMs / 86_400_000));
}

