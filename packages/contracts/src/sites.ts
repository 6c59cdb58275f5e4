import { CHILEAN_REGIONS, isValidTimeZone, type RegionCode } from '@jornada/domain';
import { z } from 'zod';
import { nullableText, requiredText } from './common';
import { pageSchema, paginationQuerySchema } from './pagination';

/** The zones offered for a Chilean site; any valid IANA zone is accepted. */
export const ZONAS_HORARIAS_CHILE = [
  { value: 'America/Santiago', label: 'Chile continental (America/Santiago)' },
  { value: 'America/Punta_Arenas', label: 'Magallanes (America/Punta_Arenas)' },
  { value: 'America/Coyhaique', label: 'Aysén (America/Coyhaique)' },
  { value: 'Pacific/Easter', label: 'Isla de Pascua (Pacific/Easter)' },
] as const;
export const DEFAULT_ZONA_HORARIA = 'America/Santiago';

const REGION_CODES = Object.keys(CHILEAN_REGIONS) as [RegionCode, ...RegionCode[]];
/** ISO 3166-2:CL region code (without `CL-`), e.g. `RM`, `MA`; names in `REGIONES`. */
const regionSchema = z.enum(REGION_CODES, { error: 'La región no es válida.' });
export const REGIONES: readonly { value: RegionCode; label: string }[] = REGION_CODES.map((code) => ({
  value: code,
  label: CHILEAN_REGIONS[code],
}));

export const RADIO_GEOCERCA = { min: 10, max: 5000, default: 150 } as const;

const radioSchema = z
  .number({ error: 'Ingresa el radio de la geocerca en metros.' })
  .int({ message: 'El radio va en metros enteros.' })
  .min(RADIO_GEOCERCA.min, { message: `El radio debe ser de al menos ${RADIO_GEOCERCA.min} metros.` })
  .max(RADIO_GEOCERCA.max, { message: `El radio no puede superar ${RADIO_GEOCERCA.max} metros.` });

const zonaHorariaSchema = z
  .string({ error: 'Ingresa la zona horaria.' })
  .trim()
  .refine(isValidTimeZone, { message: 'La zona horaria no es válida.' });

const latSchema = z
  .number({ error: 'La latitud debe ser un número.' })
  .min(-90, { message: 'La latitud va de -90 a 90.' })
  .max(90, { message: 'La latitud va de -90 a 90.' });
const lngSchema = z
  .number({ error: 'La longitud debe ser un número.' })
  .min(-180, { message: 'La longitud va de -180 a 180.' })
  .max(180, { message: 'La longitud va de -180 a 180.' });

/** A workplace: where marks are expected (geofence) and in which time zone its days are counted. */
export const sedeSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  calle: z.string().nullable(),
  numero: z.string().nullable(),
  comuna: z.string().nullable(),
  ciudad: z.string().nullable(),
  region: regionSchema.nullable(),
  /** Full address in one line, as receipts print it. */
  direccionCompleta: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  radioGeocercaM: z.number().int(),
  zonaHoraria: z.string(),
  /** Users assigned to the site (active or not). */
  totalUsuarios: z.number().int(),
  creadoEn: z.string(),
});
export type Sede = z.infer<typeof sedeSchema>;

/** GET /api/v1/sedes */
export const sedesQuerySchema = paginationQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export const sedesPageSchema = pageSchema(sedeSchema);
export type SedesPage = z.infer<typeof sedesPageSchema>;

const bothOrNone = (s: { lat?: number | null | undefined; lng?: number | null | undefined }) =>
  (s.lat === undefined) === (s.lng === undefined) && (s.lat === null) === (s.lng === null);
const POSITION_MESSAGE = 'Indica latitud y longitud juntas (o ninguna).';

/** POST /api/v1/sedes */
export const crearSedeBodySchema = z
  .object({
    nombre: requiredText('El nombre de la sede', 120),
    calle: nullableText(200),
    numero: nullableText(20),
    comuna: nullableText(100),
    ciudad: nullableText(100),
    region: regionSchema.nullable().optional(),
    lat: latSchema.nullable().optional(),
    lng: lngSchema.nullable().optional(),
    radioGeocercaM: radioSchema.default(RADIO_GEOCERCA.default),
    zonaHoraria: zonaHorariaSchema.default(DEFAULT_ZONA_HORARIA),
  })
  .refine(bothOrNone, { path: ['lng'], message: POSITION_MESSAGE });
export type CrearSedeBody = z.input<typeof crearSedeBodySchema>;

/** PATCH /api/v1/sedes/:id: only the fields sent change; `null` clears an optional one. */
export const actualizarSedeBodySchema = z
  .object({
    nombre: requiredText('El nombre de la sede', 120).optional(),
    calle: nullableText(200),
    numero: nullableText(20),
    comuna: nullableText(100),
    ciudad: nullableText(100),
    region: regionSchema.nullable().optional(),
    lat: latSchema.nullable().optional(),
    lng: lngSchema.nullable().optional(),
    radioGeocercaM: radioSchema.optional(),
    zonaHoraria: zonaHorariaSchema.optional(),
  })
  .refine(bothOrNone, { path: ['lng'], message: POSITION_MESSAGE });
export type ActualizarSedeBody = z.input<typeof actualizarSedeBodySchema>;
