import type { Perfil } from '@jornada/contracts';

const PERFIL_LABELS: Record<Perfil, string> = {
  administrador: 'Administrador',
  supervisor: 'Supervisor',
  trabajador: 'Trabajador',
  fiscalizador: 'Fiscalizador',
};

export function perfilLabel(perfil: Perfil | ''): string {
  return perfil ? PERFIL_LABELS[perfil] : '';
}

/** Full name of a person, skipping empty parts. */
export function fullName(nombre: string, apellidos: string): string {
  return [nombre, apellidos].filter(Boolean).join(' ');
}

/** Up to two initials for an avatar. */
export function initials(nombre: string, apellidos: string): string {
  return `${nombre.trim().charAt(0)}${apellidos.trim().charAt(0)}`.toUpperCase();
}

/**
 * Displays a RUT as typed with thousands dots and a dash (`12.345.678-5`). Display only: the server
 * validates the check digit; text that does not look like a RUT is returned untouched.
 */
export function formatRutForDisplay(input: string): string {
  const clean = input.replace(/[^0-9kK]/g, '').toUpperCase();
  if (clean.length < 2 || !/^\d+[\dK]$/.test(clean)) return input.trim();
  const body = clean.slice(0, -1).replace(/^0+/, '');
  const dv = clean.slice(-1);
  if (!body) return input.trim();
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}
