import { useEffect, useState } from 'react';

/** "Quedan 47 h 12 min", "Quedan 35 min", "Quedan menos de 1 min" or "Plazo vencido". */
export function countdownText(deadlineIso: string, now: number): string {
  const ms = new Date(deadlineIso).getTime() - now;
  if (ms <= 0) return 'Plazo vencido';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'Quedan menos de 1 min';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `Quedan ${hours} h ${rest} min` : `Quedan ${rest} min`;
}

/** The current time, refreshed every `everyMs` (for countdowns). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
