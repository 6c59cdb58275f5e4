import { ACCESS } from '@jornada/contracts';
import type { actualizarRelojBodySchema, ClaveReloj, crearRelojBodySchema, MotivoIntento, Reloj, RelojesPage, relojesQuerySchema } from '@jornada/contracts';
import { rutCheckDigit, zoneOffsetMinutes } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { BlockList } from 'node:net';
import type { Db } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import type { MarksService } from '../marks/index';
import * as repo from './clock-devices.repository';
import { clockMarkKey, countLines, handshakeResponse, kindOfStatus, parseAttlog, recordInstant, type AttlogRecord } from './iclock-protocol';
import { enterCompany } from '../../db/tenant-context';

const DEVICE_NOT_FOUND = 'El reloj no existe.';
const SERIAL_TAKEN = 'Ya hay un reloj registrado con ese número de serie.';
const SITE_INVALID = 'La sede no existe.';
/** Attempt reasons of a line that never became a mark (so a resent copy is a duplicate). */
const REFUSALS: MotivoIntento[] = ['trabajador_inactivo', 'contrato_terminado', 'contrato_no_iniciado', 'metodo_no_permitido', 'credencial_desconocida', 'sin_conexion'];

/** What the clock module needs from the marks module. */
type MarksPort = Pick<MarksService, 'recordMark' | 'recordAttempt'>;

function toReloj(row: repo.ClockDeviceWithSite): Reloj {
  const d = row.device;
  return {
    id: d.id,
    numeroSerie: d.serial,
    nombre: d.nombre,
    sede: { id: d.siteId, nombre: row.siteNombre, zonaHoraria: row.siteZone },
    activo: d.active,
    ultimoContacto: d.lastContactAt?.toISOString() ?? null,
    ultimaIp: d.lastIp,
    ultimaCarga: d.lastUploadAt?.toISOString() ?? null,
    registrosRecibidos: d.recordsReceived,
    conClave: d.keyHash !== null,
    redesPermitidas: d.allowedNetworks,
    creadoEn: d.createdAt.toISOString(),
  };
}

async function serialUnique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Unique per company: the conflict is with one of the company's own clocks, never another company's.
    if (isUniqueViolation(error, 'clock_devices_company_serial_key')) throw new AppError('CONFLICT', SERIAL_TAKEN, { numeroSerie: SERIAL_TAKEN });
    throw error;
  }
}

/** The device answered by the device-facing routes: refused (unknown, ambiguous, unproven or deactivated) or known. */
type DeviceRefusal = 'desconocido' | 'inactivo' | 'sin_credencial' | 'clave_incorrecta' | 'clave_requerida' | 'red_no_permitida';
type DeviceLookup = { ok: false; reason: DeviceRefusal } | { ok: true; device: repo.ClockDeviceWithSite };

/** The plain-text answer of each refusal (devices show or log it; it names no company). */
export const DEVICE_REFUSALS: Record<DeviceRefusal, string> = {
  desconocido: 'Reloj no registrado',
  inactivo: 'Reloj desactivado',
  sin_credencial: 'Reloj sin clave ni redes permitidas',
  clave_incorrecta: 'Clave del reloj incorrecta',
  /** An unkeyed request for a serial more than one company registered (it does not say which, nor how many). */
  clave_requerida: 'Reloj debe conectarse con su clave',
  red_no_permitida: 'Red no permitida para este reloj',
};

/** A device key: 16 characters of an unambiguous alphabet (80 bits), short enough for a device's server field. */
function newDeviceKey(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(16)].map((byte) => alphabet[byte % 32]).join('');
}

/** `10.20.0.0/16` or `192.0.2.7` into node's BlockList; an address IPv4-mapped in IPv6 is checked as IPv4. */
function networksOf(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const network of networks) {
    const [address = '', prefix] = network.split('/');
    const type = address.includes(':') ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function ipAllowed(ip: string, networks: readonly string[]): boolean {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  try {
    return networksOf(networks).check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

/** The networks as stored, each one checked by node (a value the schema let through but node refuses is a 400). */
function cleanNetworks(networks: readonly string[]): string[] {
  const cleaned = [...new Set(networks.map((network) => network.trim().toLowerCase()))];
  try {
    networksOf(cleaned);
  } catch {
    throw fieldError('redesPermitidas', 'Usa una dirección IP o una red con prefijo, como 192.0.2.10 o 10.20.0.0/16.');
  }
  return cleaned;
}

interface AttlogOutcome {
  /** Lines the device may forget (everything parsed, malformed lines included): the `OK: <n>`. */
  accepted: number;
  recorded: number;
  duplicates: number;
  ignored: number;
  refused: number;
  unknownUsers: number;
  malformed: number;
}

export function createClockDevicesService(db: Db, marks: () => MarksPort, log: FastifyBaseLogger) {
  async function load(companyId: string, id: string): Promise<Reloj> {
    const row = await repo.findDevice(db, companyId, id);
    if (!row) throw notFound(DEVICE_NOT_FOUND);
    return toReloj(row);
  }

  async function requireSite(companyId: string, siteId: string): Promise<void> {
    if (!isUuid(siteId) || !(await repo.siteExists(db, companyId, siteId))) throw fieldError('sedeId', SITE_INVALID);
  }

  /** Cache of PIN → worker per company for one upload (a batch repeats the same PINs). */
  async function workerOfPin(companyId: string, pin: string, cache: Map<string, string | null>): Promise<string | null> {
    if (cache.has(pin)) return cache.get(pin)!;
    let userId: string | null = null;
    if (/^\d{1,9}$/.test(pin) && Number(pin) > 0) {
      const body = Number(pin);
      userId = (await repo.findUserByRut(db, companyId, `${body}-${rutCheckDigit(body)}`))?.id ?? null;
    }
    cache.set(pin, userId);
    return userId;
  }

  async function recordLine(device: repo.ClockDeviceWithSite, record: AttlogRecord, now: Date, ip: string, cache: Map<string, string | null>, outcome: AttlogOutcome) {
    const d = device.device;
    const tipo = kindOfStatus(record.status);
    const dispositivo = `Reloj ${d.nombre} (${d.serial})`;
    const common = { companyId: d.companyId, metodo: 'reloj' as const, dispositivo, deviceId: d.id, siteId: d.siteId };
    const userId = await workerOfPin(d.companyId, record.pin, cache);
    const idCliente = clockMarkKey(d.serial, record);
    // A resent line that was already logged as an attempt is not logged twice.
    const attempt = async (input: Parameters<MarksPort['recordAttempt']>[0]) => {
      if (await repo.attemptExists(db, d.companyId, idCliente)) outcome.duplicates += 1;
      else await marks().recordAttempt(input, { now, ip });
    };
    if (!userId) {
      outcome.unknownUsers += 1;
      await attempt({
        ...common,
        userId: null,
        ...(tipo ? { tipo } : {}),
        motivo: 'credencial_desconocida',
        idCliente,
        detalle: `PIN ${record.pin} del reloj, ${record.localTime}: no corresponde a ningún trabajador.`,
      });
      return;
    }
    if (!tipo) {
      // A state without a mark kind (255 = no state key pressed): the worker's presence is known but not what it means.
      outcome.refused += 1;
      await attempt({ ...common, userId, motivo: 'credencial_desconocida', idCliente, detalle: `Estado ${record.status} del reloj sin tipo de marca (${record.localTime}).` });
      return;
    }
    // recordMark answers a resent line that became a mark (or a repeat) with the same result; a
    // refused one would be logged again, so it is recognised here.
    if (await repo.attemptExists(db, d.companyId, idCliente, REFUSALS)) {
      outcome.duplicates += 1;
      return;
    }
    const horaOriginal = recordInstant(record, device.siteZone);
    try {
      const result = await marks().recordMark({ ...common, userId, tipo, idCliente, horaOriginal }, { now, ip });
      if (result.status === 'recorded') {
        if (result.replay) outcome.duplicates += 1;
        else outcome.recorded += 1;
      } else if (result.status === 'ignored') {
        if (result.replay) outcome.duplicates += 1;
        else outcome.ignored += 1;
      } else outcome.refused += 1;
    } catch (error) {
      // Too old (or far in the future) for an offline mark: the device must not resend it forever,
      // and it must not vanish either: an attempt keeps it for a correction.
      if (error instanceof AppError && error.code === 'VALIDATION' && error.fields?.horaOriginal) {
        outcome.refused += 1;
        await attempt({ ...common, userId, tipo, motivo: 'sin_conexion', idCliente, detalle: `Registro del reloj del ${record.localTime} no aceptado: ${error.fields.horaOriginal}` });
        return;
      }
      throw error;
    }
  }

  return {
    async list(session: RequestSession, query: z.output<typeof relojesQuerySchema>): Promise<RelojesPage> {
      requirePerfil(session, ...ACCESS.clockDevices);
      // A site filter that names nothing matches nothing.
      if (query.sedeId && !isUuid(query.sedeId)) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
      const { rows, total } = await repo.listDevices(
        db,
        session.companyId,
        {
          q: query.q || undefined,
          siteId: query.sedeId || undefined,
          active: query.activo === undefined ? undefined : query.activo === 'true',
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: rows.map(toReloj), total, page: query.page, pageSize: query.pageSize };
    },

    async get(session: RequestSession, id: string): Promise<Reloj> {
      requirePerfil(session, ...ACCESS.clockDevices);
      return load(session.companyId, requireId(id, DEVICE_NOT_FOUND));
    },

    async create(session: RequestSession, input: z.output<typeof crearRelojBodySchema>, now: Date): Promise<Reloj> {
      requirePerfil(session, ...ACCESS.clockDevices);
      await requireSite(session.companyId, input.sedeId);
      const id = await serialUnique(() =>
        repo.insertDevice(db, {
          companyId: session.companyId,
          serial: input.numeroSerie,
          nombre: input.nombre,
          siteId: input.sedeId,
          active: input.activo,
          allowedNetworks: cleanNetworks(input.redesPermitidas),
          createdAt: now,
        }),
      );
      return load(session.companyId, id);
    },

    async update(session: RequestSession, id: string, input: z.output<typeof actualizarRelojBodySchema>): Promise<Reloj> {
      requirePerfil(session, ...ACCESS.clockDevices);
      requireId(id, DEVICE_NOT_FOUND);
      const values: Partial<repo.NewClockDevice> = {};
      if (input.numeroSerie !== undefined) values.serial = input.numeroSerie;
      if (input.nombre !== undefined) values.nombre = input.nombre;
      if (input.activo !== undefined) values.active = input.activo;
      if (input.redesPermitidas !== undefined) values.allowedNetworks = cleanNetworks(input.redesPermitidas);
      if (input.sedeId !== undefined) {
        await requireSite(session.companyId, input.sedeId);
        values.siteId = input.sedeId;
      }
      if (Object.keys(values).length === 0) return load(session.companyId, id);
      const updated = await serialUnique(() => repo.updateDevice(db, session.companyId, id, values));
      if (updated === 0) throw notFound(DEVICE_NOT_FOUND);
      return load(session.companyId, id);
    },

    /** A new key for the device (the previous one stops working at once); the key is shown this once, only its hash is kept. */
    async newKey(session: RequestSession, id: string): Promise<ClaveReloj> {
      requirePerfil(session, ...ACCESS.clockDevices);
      requireId(id, DEVICE_NOT_FOUND);
      const clave = newDeviceKey();
      if ((await repo.updateDevice(db, session.companyId, id, { keyHash: hashToken(clave) })) === 0) throw notFound(DEVICE_NOT_FOUND);
      return { clave, ruta: `/r/${clave}` };
    },

    /**
     * Every device request starts here: who is calling. A serial is registered per company (anyone can
     * read it off the device, and a company's registrations must not depend on another's), so a serial
     * alone may name several registrations; the request is matched to exactly one, never guessed:
     * - with a key (`/r/<clave>/iclock/...`): the key names the registration (its hash is unique), the
     *   serial must be that registration's and its networks, if any, must hold the caller. The key is
     *   the device's proof of possession, so it binds the device to the company that gave it: another
     *   company's registration of the same serial (squatted before, or copied after) gets nothing.
     * - without a key: the serial must be registered by one company only, and that registration must
     *   have no key and list the caller's network. A serial two companies registered is refused
     *   (`clave_requerida`, log `iclock: número de serie registrado en más de una empresa`) until each
     *   device talks through its key; nothing is touched, so neither company sees the other's caller.
     * A registration with neither key nor networks is refused: its serial is printed on it. The key is
     * looked up by its SHA-256 in the database: timing reveals nothing of the key itself.
     */
    async identify(serial: string | undefined, now: Date, ip: string, key: string | null): Promise<DeviceLookup> {
      const unknown = (): DeviceLookup => {
        log.warn({ serial: serial ?? null, ip }, 'iclock: solicitud de un reloj no registrado');
        return { ok: false, reason: 'desconocido' };
      };
      const refuse = (reason: DeviceRefusal, deviceId: string | null): DeviceLookup => {
        log.warn({ serial, ip, deviceId, reason }, 'iclock: solicitud rechazada');
        return { ok: false, reason };
      };
      if (!serial) return unknown();
      let device: repo.ClockDeviceWithSite;
      if (key !== null) {
        const keyed = await repo.findDeviceByKeyHash(db, hashToken(key));
        if (!keyed || keyed.device.serial !== serial) {
          // A wrong key (or another device's): the answer only says whether the serial is registered at all.
          if ((await repo.findDevicesBySerial(db, serial)).length === 0) return unknown();
          return refuse('clave_incorrecta', null);
        }
        device = keyed;
      } else {
        const registrations = await repo.findDevicesBySerial(db, serial);
        if (registrations.length === 0) return unknown();
        if (registrations.length > 1) {
          log.warn(
            { serial, ip, deviceIds: registrations.map((r) => r.device.id), reason: 'clave_requerida' },
            'iclock: número de serie registrado en más de una empresa; se exige la clave del reloj',
          );
          return { ok: false, reason: 'clave_requerida' };
        }
        device = registrations[0]!;
      }
      // From here on the request sees only the device's company (db/tenant-context.ts).
      enterCompany(device.device.companyId);
      const { keyHash, allowedNetworks } = device.device;
      const refusal: DeviceRefusal | null =
        keyHash === null && allowedNetworks.length === 0
          ? 'sin_credencial'
          : key === null && keyHash !== null
            ? 'clave_incorrecta'
            : allowedNetworks.length > 0 && !ipAllowed(ip, allowedNetworks)
              ? 'red_no_permitida'
              : null;
      if (refusal) return refuse(refusal, device.device.id);
      await repo.touchDevice(db, device.device, now, ip);
      if (!device.device.active) {
        log.warn({ serial, ip, deviceId: device.device.id }, 'iclock: solicitud de un reloj desactivado');
        return { ok: false, reason: 'inactivo' };
      }
      return { ok: true, device };
    },

    handshake(device: repo.ClockDeviceWithSite, now: Date): string {
      return handshakeResponse({
        serial: device.device.serial,
        attlogStamp: device.device.attlogStamp,
        operlogStamp: device.device.operlogStamp,
        timeZoneHours: Math.round(zoneOffsetMinutes(device.siteZone, now.getTime()) / 60),
      });
    },

    /**
     * An ATTLOG upload: each line becomes a mark of its worker (`reloj`, device time as the original
     * time), a duplicate of a line already received is recognised by its key and not counted twice,
     * an unknown PIN is an attempt `credencial_desconocida`.
     */
    async receiveAttlog(device: repo.ClockDeviceWithSite, body: string, stamp: string | null, now: Date, ip: string): Promise<AttlogOutcome> {
      const { records, errors } = parseAttlog(body);
      const outcome: AttlogOutcome = { accepted: records.length + errors.length, recorded: 0, duplicates: 0, ignored: 0, refused: 0, unknownUsers: 0, malformed: errors.length };
      const cache = new Map<string, string | null>();
      for (const record of records) await recordLine(device, record, now, ip, cache, outcome);
      for (const error of errors) log.warn({ serial: device.device.serial, line: error.line, reason: error.reason }, 'iclock: línea de ATTLOG ilegible');
      await repo.recordUpload(db, device.device, { at: now, table: 'ATTLOG', stamp, lines: outcome.accepted });
      return outcome;
    },

    /** OPERLOG, ATTPHOTO and other tables: acknowledged (so the device moves on) and not stored. */
    async receiveOther(device: repo.ClockDeviceWithSite, table: string, body: string, stamp: string | null, now: Date): Promise<number> {
      const lines = countLines(body);
      await repo.recordUpload(db, device.device, { at: now, table: table === 'OPERLOG' ? 'OPERLOG' : 'OTHER', stamp, lines });
      return lines;
    },
  };
}

export type ClockDevicesService = ReturnType<typeof createClockDevicesService>;
