import { randomInt } from 'node:crypto';
import { CLAVE_FISCALIZACION_DIAS } from '@jornada/contracts';
import { addDays, startOfLocalDay } from '@jornada/domain';
import { localDate } from '../../lib/clock';

/** No 0/O, 1/I/L: the key is read from an e-mail and typed by hand. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** A random key such as `K7QM-3XHP-W9TD`: 12 symbols of 31, about 59 bits, behind argon2 and the sign-in throttle. */
export function newInspectorKey(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** What is hashed and compared: upper case, without spaces or dashes (`k7qm 3xhp-w9td` is the same key). */
export function normalizeInspectorKey(key: string): string {
  return key.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * When a key issued at `issuedAt` stops working (exclusive): the start of the 6th day after the day of
 * issue in Chile's continental time, i.e. the key works through 23:59:59 of the 5th calendar day after
 * the day it was issued. Like a legal term of days (Código Civil, art. 48), it runs to midnight of the
 * last day; it always lasts more than 5 × 24 hours and the e-mail can state it as a date.
 */
export function inspectorKeyExpiry(issuedAt: Date, zone = 'America/Santiago'): Date {
  const lastDay = addDays(localDate(issuedAt, zone), CLAVE_FISCALIZACION_DIAS);
  return new Date(startOfLocalDay(zone, addDays(lastDay, 1)));
}
