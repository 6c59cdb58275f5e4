/** The events of the demo's marking days: each worker's marks (early, late, forgotten, offline, outside the geofence), the special days' attempts, and strangers at the kiosks; in the seeded order, so the story is always the same. */
import type { Posicion, TipoMarca } from '@jornada/contracts';
import { addDays, diffDays, localToInstant, rutCheckDigit } from '@jornada/domain';
import { HOUR, MINUTE, type DemoEvent, type DemoKiosk, type MarkEvent, type SiteRow, type Special, type Via, type Worker, type WorkerDay } from './marks-story';

/** What the events are drawn from: the seeded randomness, the period, the planned days and the sites' kiosks. */
interface MarkEventsInput {
  random: () => number;
  between: (min: number, max: number) => number;
  nowMs: number;
  from: string;
  to: string;
  days: WorkerDay[];
  /** The workers with planned days, in the story's order. */
  markers: Worker[];
  siteRows: SiteRow[];
  kioskBySite: Map<string, DemoKiosk>;
}

/** Each marking worker's events by worker id, and the attempts of strangers at the kiosks. */
export function buildMarkEvents({ random, between, nowMs, from, to, days, markers, siteRows, kioskBySite }: MarkEventsInput): { events: Map<string, DemoEvent[]>; unknownAttempts: DemoEvent[] } {
  const events = new Map<string, DemoEvent[]>(markers.map((w) => [w.id, []]));
  const push = (worker: Worker, event: DemoEvent) => events.get(worker.id)!.push(event);

  const viaFor = (worker: Worker, at: number): Via | null => {
    const credential = worker.credentials.find((c) => c.createdAt <= at && (c.revokedAt === null || c.revokedAt > at));
    if (credential && random() < 0.92) {
      return credential.on === 'kiosco'
        ? { metodo: 'huella', dispositivo: `Quiosco ${worker.kiosk!.name}`, siteId: worker.kiosk!.siteId, deviceId: worker.kiosk!.id, positioned: false, credential }
        : { metodo: 'huella', dispositivo: 'Marcaje web con huella', positioned: true, credential };
    }
    if (worker.metodos.includes('kiosco_pin') && worker.kiosk) return kioskPin(worker);
    if (worker.metodos.includes('web')) return { metodo: 'web', dispositivo: `Navegador web: ${worker.browser}`, positioned: true };
    return null;
  };
  const kioskPin = (worker: Worker): Via => ({
    metodo: 'kiosco_pin',
    dispositivo: `Quiosco ${worker.kiosk!.name}`,
    siteId: worker.kiosk!.siteId,
    deviceId: worker.kiosk!.id,
    positioned: false,
  });

  // The special cases, chosen among the days that allow them (seeded, so always the same ones).
  const shuffled = <T>(list: T[]) =>
    list
      .map((item) => ({ item, key: random() }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.item);
  const special = new Map<WorkerDay, Special>();
  const claim = (candidates: WorkerDay[], n: number, what: Special) => {
    for (const day of shuffled(candidates.filter((d) => !special.has(d))).slice(0, n)) special.set(day, what);
  };
  const finished = days.filter((d) => d.instance.end < nowMs - HOUR);
  claim(finished, 4, 'repetida');
  claim(
    finished.filter((d) => d.worker.metodos.includes('kiosco_pin') && d.worker.kiosk && d.worker.credentials.length === 0),
    3,
    'pin',
  );
  claim(
    finished.filter((d) => d.worker.metodos.length === 1 && d.worker.metodos[0] === 'web' && d.worker.kiosk),
    1,
    'metodo',
  );
  claim(
    finished.filter((d) => d.worker.metodos.includes('web') && d.worker.credentials.length === 0),
    2,
    'offline_entrada',
  );
  claim(
    finished.filter((d) => d.worker.metodos.includes('web') && d.worker.credentials.length === 0),
    1,
    'offline_salida',
  );
  claim(
    finished.filter((d) => d.worker.credentials.some((c) => c.on === 'kiosco')),
    1,
    'huella_no_verificada',
  );
  claim(
    finished.filter((d) => d.worker.metodos.includes('huella') && d.worker.credentials.length === 0 && d.worker.kiosk),
    2,
    'huella_desconocida',
  );

  /** A mark; a phone reports its position: near the site, now and then outside the geofence or imprecise. */
  const markEvent = (worker: Worker, at: number, tipo: TipoMarca, via: Via): MarkEvent => {
    if (!via.positioned) return { kind: 'mark', at, tipo, via };
    const kind = random() < 0.008 ? 'fuera' : random() < 0.015 ? 'imprecisa' : undefined;
    const posicion = positionNear(worker.site, kind, random);
    return { kind: 'mark', at, tipo, via, ...(posicion ? { posicion } : {}) };
  };

  const lastAt = new Map<string, number>();
  for (const day of days) {
    const { worker, instance } = day;
    const what = special.get(day);
    if (!what && random() < worker.absenceRate) continue;
    const tolerance = instance.lateToleranceSeconds * 1000;
    const earlyTolerance = instance.earlyLeaveToleranceSeconds * 1000;
    const seconds = () => Math.floor(random() * 60) * 1000;

    // Entrada: mostly a few minutes around the start, within the tolerance; some early; some late.
    const u = random();
    let entrada =
      u < worker.lateRate
        ? instance.start + tolerance + between(2, 40) * MINUTE
        : u < worker.lateRate + 0.25
          ? instance.start - between(10, 25) * MINUTE
          : instance.start - between(0, 8) * MINUTE + random() * Math.min(tolerance, 4 * MINUTE);
    entrada = Math.max(Math.floor(entrada / 1000) * 1000 + seconds(), (lastAt.get(worker.id) ?? 0) + 2 * MINUTE);

    // Colación: the fixed window, or the minutes taken around the middle of the shift.
    let colacion: [number, number] | null = null;
    if (instance.breakStart !== undefined && instance.breakEnd !== undefined) {
      colacion = [instance.breakStart + between(-4, 4) * MINUTE, instance.breakEnd + between(-5, 2) * MINUTE];
    } else if (instance.breakSeconds > 0) {
      const start = instance.start + (instance.end - instance.start - instance.breakSeconds * 1000) / 2 + between(-60, 30) * MINUTE;
      colacion = [start, start + instance.breakSeconds * 1000 + between(-2, 5) * MINUTE];
    }
    if (colacion && random() < 0.06) colacion[1] += between(8, 25) * MINUTE;
    if (colacion && random() < 0.02) colacion = null;

    // Salida: mostly on time; a few early leaves beyond the tolerance, some overtime, a few forgotten.
    const v = random();
    let salida: number | null =
      v < 0.02
        ? null
        : v < 0.06
          ? instance.end - earlyTolerance - between(15, 110) * MINUTE
          : v < 0.16
            ? instance.end + between(25, 120) * MINUTE
            : instance.end - random() * Math.min(earlyTolerance, 3 * MINUTE) + between(0, 12) * MINUTE;
    if (what === 'offline_salida' && salida === null) salida = instance.end + between(1, 10) * MINUTE;
    if (salida !== null && colacion && salida < colacion[1] + 30 * MINUTE) salida = colacion[1] + between(30, 60) * MINUTE;

    const via = viaFor(worker, entrada);
    if (!via) continue;
    const times: [TipoMarca, number | null][] = [
      ['entrada', entrada],
      ['inicio_colacion', colacion ? colacion[0] : null],
      ['fin_colacion', colacion ? colacion[1] : null],
      ['salida', salida],
    ];
    let previous = entrada - MINUTE;
    for (const [tipo, raw] of times) {
      if (raw === null) continue;
      const at = Math.max(Math.floor(raw / 1000) * 1000 + seconds(), previous + MINUTE);
      // A shift still open when the demo is loaded (a night shift ending this morning) stops at the last past mark.
      if (at > nowMs - MINUTE) break;
      const markVia = tipo === 'entrada' ? via : (viaFor(worker, at) ?? via);
      const mark = markEvent(worker, at, tipo, markVia);

      if (tipo === 'entrada') addEntradaExtras(worker, what, mark);
      if (tipo === 'salida' && what === 'offline_salida' && markVia.metodo === 'web') {
        // Marked without signal at the door; the phone sent it on the way home.
        mark.horaOriginal = at;
        mark.at = Math.min(at + between(60, 150) * MINUTE, nowMs - MINUTE);
      }
      push(worker, mark);
      previous = Math.max(mark.at, at);
      if (tipo === 'entrada' && what === 'repetida') {
        // A double tap: the second entrada minutes later is kept as an attempt, not as a mark.
        push(worker, markEvent(worker, at + between(1, 4) * MINUTE, 'entrada', markVia));
        previous = at + 5 * MINUTE;
      }
    }
    lastAt.set(worker.id, previous);
  }

  /** Attempts before the entrada, and the offline entrada (the mark reaches the server later). */
  function addEntradaExtras(worker: Worker, what: Special | undefined, mark: MarkEvent): void {
    const kiosk = worker.kiosk;
    const atKiosk = kiosk ? { dispositivo: `Quiosco ${kiosk.name}`, siteId: kiosk.siteId, deviceId: kiosk.id } : {};
    switch (what) {
      case 'pin':
        if (!kiosk) return;
        mark.via = kioskPin(worker);
        push(worker, {
          kind: 'attempt',
          at: mark.at - between(30, 90) * 1000,
          input: { userId: worker.id, tipo: 'entrada', metodo: 'kiosco_pin', motivo: 'pin_incorrecto', detalle: `PIN incorrecto (intento 1) (RUT ${worker.rut})`, ...atKiosk },
        });
        return;
      case 'metodo':
        // A web-only worker tries the kiosk: refused by recordMark and logged as metodo_no_permitido.
        if (!kiosk) return;
        push(worker, markEvent(worker, mark.at - between(2, 4) * MINUTE, 'entrada', kioskPin(worker)));
        return;
      case 'huella_no_verificada': {
        const credential = worker.credentials.find((c) => c.on === 'kiosco' && c.createdAt <= mark.at && c.revokedAt === null);
        if (!kiosk || !credential) return;
        mark.via = { metodo: 'huella', ...atKiosk, dispositivo: `Quiosco ${kiosk.name}`, positioned: false, credential };
        push(worker, {
          kind: 'attempt',
          at: mark.at - between(20, 50) * 1000,
          input: { userId: worker.id, tipo: 'entrada', metodo: 'huella', motivo: 'huella_no_verificada', detalle: 'Firma inválida', ...atKiosk },
        });
        return;
      }
      case 'huella_desconocida':
        // Not enrolled yet, tries the kiosk's reader anyway: the kiosk cannot tell who it was.
        if (!kiosk) return;
        push(worker, {
          kind: 'attempt',
          at: mark.at - between(1, 3) * MINUTE,
          input: { userId: null, tipo: 'entrada', metodo: 'huella', motivo: 'credencial_desconocida', detalle: 'Credencial no registrada, revocada o de otra empresa', ...atKiosk },
        });
        return;
      case 'offline_entrada':
        if (mark.via.metodo !== 'web') return;
        // No signal at the door: the phone kept the mark and sent it when it got connection back.
        mark.horaOriginal = mark.at;
        mark.at += between(12, 45) * MINUTE;
        return;
      default:
    }
  }

  // Strangers at the kiosks: RUTs of nobody in the company, once or twice a site.
  const unknownAttempts: DemoEvent[] = [];
  for (const [i, site] of siteRows.entries()) {
    const kiosk = kioskBySite.get(site.id);
    if (!kiosk) continue;
    for (let n = 0; n < (i === 0 ? 2 : 1); n++) {
      const date = addDays(from, Math.floor(between(1, Math.max(2, diffDays(from, to)))));
      const at = localToInstant(site.timeZone, date, Math.floor(between(8 * 3600, 18 * 3600)));
      if (at > nowMs - MINUTE) continue;
      const body = 9_000_000 + Math.floor(random() * 15_000_000);
      unknownAttempts.push({
        kind: 'attempt',
        at,
        input: {
          userId: null,
          tipo: 'entrada',
          metodo: 'kiosco_pin',
          motivo: 'pin_incorrecto',
          detalle: `RUT no registrado en la empresa (RUT ${body}-${rutCheckDigit(body)})`,
          dispositivo: `Quiosco ${kiosk.name}`,
          siteId: kiosk.siteId,
          deviceId: kiosk.id,
        },
      });
    }
  }

  return { events, unknownAttempts };
}

/** A position reported by a phone near its site: inside the geofence, or outside it, or imprecise. */
function positionNear(site: SiteRow, kind: 'fuera' | 'imprecisa' | undefined, random: () => number): Posicion | undefined {
  if (site.lat === null || site.lng === null) return undefined;
  const radius = site.geofenceRadiusM;
  const distance = kind === 'fuera' ? radius + 60 + random() * 900 : random() * radius * 0.6;
  const bearing = random() * 2 * Math.PI;
  const lat = site.lat + (distance * Math.cos(bearing)) / 111_320;
  const lng = site.lng + (distance * Math.sin(bearing)) / (111_320 * Math.cos((site.lat * Math.PI) / 180));
  const precisionM = kind === 'imprecisa' ? 120 + random() * 300 : 4 + random() * 30;
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)), precisionM: Math.round(precisionM) };
}
