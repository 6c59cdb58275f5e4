/** Every time-dependent rule reads the time through this, so tests can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** `aaaa-mm-dd` of an instant in a time zone (Chilean days by default). */
export function localDate(at: Date, timeZone = 'America/Santiago'): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

export function addMs(at: Date, ms: number): Date {
  return new Date(at.getTime() + ms);
}
