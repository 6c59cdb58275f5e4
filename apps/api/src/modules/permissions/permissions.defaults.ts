import { CODIGO_DESCANSO_COMPENSATORIO, CODIGO_FERIADO_HORAS_EXTRA, type CrearTipoPermisoBody } from '@jornada/contracts';

/**
 * The permission types a new company starts with: the legal codes of the DT reports' glossary and an
 * hour permission. Vacaciones (feriado anual, art. 67): 15 business days a year, requested by the
 * worker and approved by the leader; its code (CODIGO_FERIADO_LEGAL) makes the balance add the far-south
 * days (art. 67 inc. 2) and the progressive days (art. 68), computed per worker. Licencia
 * médica, prenatal and postnatal are paid by the health system, not the employer (sin goce), counted
 * in calendar days and registered by the company when the licence arrives.
 *
 * The legal paid permissions granted per event (Código del Trabajo) follow, with the law's days as
 * `diasPorEvento` (a request over it is refused) and no yearly allowance; all editable by the
 * administrator, as the company may grant more than the law's minimum:
 * - art. 66 (text of Ley 21.510, 2022): death of a child, 10 días corridos; of the spouse or conviviente
 *   civil, 7 días corridos; of a child in gestation, 7 días hábiles; of the father, mother or a sibling,
 *   4 días hábiles. Taken from the day of the death. Checked against the article's current text: the DT's
 *   older answers still quote the earlier one (7 corridos for a child and the spouse alike, 3 hábiles for
 *   gestation and parents).
 * - art. 195 inc. 2: the father's 5 days for a birth (or an adoption), días corridos when taken from the
 *   birth, or spread within the first month. Modelled as corridos, the law's default reading: a spread
 *   request is recorded as several permissions of fewer days.
 * - art. 207 bis: marriage or civil union, 5 días hábiles continuos, around the day of the wedding.
 * - art. 66 bis: women over 40 and men over 50 with contracts over 30 days, half a day once a year for
 *   preventive exams (mammography, prostate). «Half a day» depends on the worker's shift, so it is an hour
 *   permission (`horas`, which takes no days per year or per event): the leader approves the hours
 *   requested; once a year is not enforced by the model.
 *
 * The compensatory rest of art. 38 inc. 3 (`CODIGO_DESCANSO_COMPENSATORIO`): one day of rest for each
 * Sunday and each holiday a worker excepted from Sunday rest worked. Paid like any rest day, in días
 * corridos, requestable with approval and assigned by the leader when granted; its balance is not a yearly
 * allowance but the days the engine found owed (permissions.compensatory-rest.ts), shown only to excepted
 * workers, and a request beyond it is refused.
 *
 * The vacation days that compensate overtime (art. 32 inc. 4, Ley 21.561; `CODIGO_FERIADO_HORAS_EXTRA`): paid,
 * in días hábiles, requested by the worker with 48 hours' notice; its balance is the rest earned by overtime
 * under a «feriado» pact (permissions.overtime-rest.ts), shown only to workers with one.
 */
type DefaultType = Required<Omit<CrearTipoPermisoBody, 'diasPorEvento'>> & { diasPorEvento?: number };

const DEFAULT_TYPES: ReadonlyArray<DefaultType> = [
  { nombre: 'Vacaciones', codigo: 'VAC.', conGoce: true, unidad: 'dias_habiles', solicitable: true, requiereAprobacion: true, diasAnuales: 15 },
  { nombre: 'Licencia médica', codigo: 'L.M.', conGoce: false, unidad: 'dias_corridos', solicitable: false, requiereAprobacion: false, diasAnuales: null },
  {
    nombre: 'Permiso con goce de remuneraciones',
    codigo: 'P.G.R.',
    conGoce: true,
    unidad: 'dias_corridos',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
  },
  {
    nombre: 'Permiso sin goce de remuneraciones',
    codigo: 'P.S.G.R.',
    conGoce: false,
    unidad: 'dias_corridos',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
  },
  { nombre: 'Permiso por horas', codigo: 'P.H.', conGoce: true, unidad: 'horas', solicitable: true, requiereAprobacion: true, diasAnuales: null },
  { nombre: 'Descanso prenatal', codigo: 'PREN.', conGoce: false, unidad: 'dias_corridos', solicitable: false, requiereAprobacion: false, diasAnuales: null },
  { nombre: 'Descanso postnatal', codigo: 'POSTN.', conGoce: false, unidad: 'dias_corridos', solicitable: false, requiereAprobacion: false, diasAnuales: null },
  // Código del Trabajo's paid permissions per event (see above).
  { nombre: 'Permiso por fallecimiento de hijo', codigo: 'P.F.H.', conGoce: true, unidad: 'dias_corridos', solicitable: true, requiereAprobacion: true, diasAnuales: null, diasPorEvento: 10 },
  {
    nombre: 'Permiso por fallecimiento de cónyuge o conviviente civil',
    codigo: 'P.F.C.',
    conGoce: true,
    unidad: 'dias_corridos',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
    diasPorEvento: 7,
  },
  {
    nombre: 'Permiso por fallecimiento de hijo en gestación',
    codigo: 'P.F.G.',
    conGoce: true,
    unidad: 'dias_habiles',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
    diasPorEvento: 7,
  },
  {
    nombre: 'Permiso por fallecimiento de padre, madre o hermano',
    codigo: 'P.F.P.',
    conGoce: true,
    unidad: 'dias_habiles',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
    diasPorEvento: 4,
  },
  { nombre: 'Permiso por nacimiento', codigo: 'P.NAC.', conGoce: true, unidad: 'dias_corridos', solicitable: true, requiereAprobacion: true, diasAnuales: null, diasPorEvento: 5 },
  {
    nombre: 'Permiso por matrimonio o unión civil',
    codigo: 'P.MAT.',
    conGoce: true,
    unidad: 'dias_habiles',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
    diasPorEvento: 5,
  },
  { nombre: 'Permiso por examen médico preventivo', codigo: 'P.E.M.', conGoce: true, unidad: 'horas', solicitable: true, requiereAprobacion: true, diasAnuales: null },
  // The compensatory rest of art. 38 inc. 3 (see above).
  {
    nombre: 'Descanso compensatorio (art. 38)',
    codigo: CODIGO_DESCANSO_COMPENSATORIO,
    conGoce: true,
    unidad: 'dias_corridos',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
  },
  // The vacation days that compensate overtime, art. 32 inc. 4 (see above).
  {
    nombre: 'Feriado por horas extra (art. 32)',
    codigo: CODIGO_FERIADO_HORAS_EXTRA,
    conGoce: true,
    unidad: 'dias_habiles',
    solicitable: true,
    requiereAprobacion: true,
    diasAnuales: null,
  },
];

export const DEFAULT_PERMISSION_TYPES: ReadonlyArray<Required<CrearTipoPermisoBody> & { diasPorEvento: number | null }> = DEFAULT_TYPES.map((type) => ({
  ...type,
  diasPorEvento: type.diasPorEvento ?? null,
}));

/** The article of the law behind a default type's days per event, quoted when a request goes over them. */
export const LEGAL_ARTICLE_BY_CODE: Readonly<Record<string, string>> = {
  'P.F.H.': 'art. 66',
  'P.F.C.': 'art. 66',
  'P.F.G.': 'art. 66',
  'P.F.P.': 'art. 66',
  'P.NAC.': 'art. 195',
  'P.MAT.': 'art. 207 bis',
  'P.E.M.': 'art. 66 bis',
};
