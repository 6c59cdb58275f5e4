import type { CrearTipoPermisoBody } from '@jornada/contracts';

/**
 * The permission types a new company starts with: the legal codes of the DT reports' glossary and an
 * hour permission. Vacaciones (feriado anual, art. 67): 15 business days a year, requested by the
 * worker and approved by the leader; its code (CODIGO_FERIADO_LEGAL) makes the balance add the far-south
 * days (art. 67 inc. 2) and the progressive days (art. 68), computed per worker. Licencia
 * médica, prenatal and postnatal are paid by the health system, not the employer (sin goce), counted
 * in calendar days and registered by the company when the licence arrives.
 */
export const DEFAULT_PERMISSION_TYPES: ReadonlyArray<Required<CrearTipoPermisoBody>> = [
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
];
