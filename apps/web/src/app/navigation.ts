import type { Perfil } from '@jornada/contracts';
import type { ComponentType } from 'react';
import { IconCalendar } from '../components/planning-grid/icon-calendar';
import { IconFingerprint } from '../components/icon-fingerprint';
import { IconBuilding, IconGroups, IconHome, IconSettings, IconUser, IconUsers } from '../components/icons';
import { IconClockCheck, IconMarkAlert } from '../components/icon-clock-check';
import { IconCorrection } from '../components/icon-correction';
import { IconReport } from '../components/icon-report';
import { IconAttendance } from '../components/icon-attendance';
import { IconPermission } from '../components/icon-permission';
import { IconOvertime } from '../components/icon-overtime';

/**
 * Who may open each private area: the one source of truth for the navigation and the route guard
 * (`RequirePerfil`). The server enforces the same rules on every call; this only hides what a
 * perfil cannot do.
 */
export const AREA_ACCESS = {
  home: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** Supervisors see the members of the groups they lead. */
  users: ['administrador', 'supervisor'],
  usersRegister: ['administrador'],
  /** Anyone's own data (`/dashboard/users/me`). */
  ownData: ['administrador', 'supervisor', 'trabajador'],
  /** Supervisors see the groups they lead. */
  groups: ['administrador', 'supervisor'],
  groupsManage: ['administrador'],
  settings: ['administrador'],
  /** Planning: a trabajador sees their own month; supervisors the groups they lead. */
  planning: ['administrador', 'supervisor', 'trabajador'],
  /** Plan (wizard, planning uploads). */
  planningManage: ['administrador', 'supervisor'],
  /** The shift list (supervisors read it to plan). */
  shifts: ['administrador', 'supervisor'],
  /** Create and edit shifts, shift upload. */
  shiftsManage: ['administrador'],
  /** Own fingerprint (consent + enrolment); administrators also enrol other workers. */
  fingerprintEnrol: ['administrador', 'supervisor', 'trabajador'],
  /** The company's fingerprint register (revoke, who is missing). */
  fingerprintRegister: ['administrador'],
  /** Open and close kiosks. */
  kiosks: ['administrador'],
  /** Own marking PIN (the kiosk's non-biometric method). */
  pin: ['administrador', 'supervisor', 'trabajador'],
  /** Web marking: every perfil that marks (their own marks). */
  webMarking: ['administrador', 'supervisor', 'trabajador'],
  /** A mark's receipt (own marks; administrador and supervisor within their scope). */
  receipts: ['administrador', 'supervisor', 'trabajador'],
  /** Refused or doubtful marks (supervisors: the groups they lead). */
  markingAttempts: ['administrador', 'supervisor'],
  /** Issue 7: the company's log of labour inspectors' accesses. */
  inspectorLog: ['administrador'],
  /** Issue 7: a labour inspector goes back to choosing the employer (`/fiscalizacion`). */
  inspectorSwitch: ['fiscalizador'],
  /** Corrections of marks: the worker objects or accepts their own; administrador and supervisor (their groups) follow and annul. */
  corrections: ['administrador', 'supervisor', 'trabajador'],
  /** The permissions of the workers one manages (supervisors: the groups they lead): approve, reject, assign, balances. */
  permissions: ['administrador', 'supervisor'],
  /** One's own permissions: request, follow, withdraw, balance. */
  myPermissions: ['administrador', 'supervisor', 'trabajador'],
  /** Overtime pacts and the approval of found overtime (supervisors: the groups they lead). */
  overtime: ['administrador', 'supervisor'],
  /** One's own overtime, approved or not, and one's pacts. */
  myOvertime: ['administrador', 'supervisor', 'trabajador'],
  /** The reports section (any report a perfil may open). */
  reports: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** The marks report (spec reports/brand): administrador and fiscalizador the company, supervisor their groups, trabajador their own. */
  marksReport: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** Management reports (asistencia, atrasos, ausencias, permisos asignados, horas extra): administrador the company, supervisor their groups, trabajador their own. */
  managementReports: ['administrador', 'supervisor', 'trabajador'],
  /** The headcount report (dotación): the company's or the led groups' staff. */
  endowmentReport: ['administrador', 'supervisor'],
  /** The DT's legal reports a)–f): administrador and, read-only, the fiscalizador. */
  legalReports: ['administrador', 'fiscalizador'],
  /** The attendance section (any attendance page a perfil may open). */
  attendance: ['administrador', 'supervisor', 'trabajador'],
  /** The day board (`/dashboard/assists`): administrador the company, supervisor the groups they lead. */
  attendanceDay: ['administrador', 'supervisor'],
  /** A worker's month (`/dashboard/settings/assists-user`): administrador, supervisor (their groups), trabajador (own). */
  attendanceWorker: ['administrador', 'supervisor', 'trabajador'],
  /** Inconsistencies of the evaluation (`/dashboard/inconsistencies`): administrador the company, supervisor the groups they lead. */
  inconsistencies: ['administrador', 'supervisor'],

  /** Pay variables of a month, its closing and the payroll exports (`/dashboard/remunerations`). */
  remunerations: ['administrador'],
} as const satisfies Record<string, readonly Perfil[]>;

export type Area = keyof typeof AREA_ACCESS;

export function canAccess(area: Area, perfil: Perfil | ''): boolean {
  return perfil !== '' && (AREA_ACCESS[area] as readonly Perfil[]).includes(perfil);
}

export interface NavItem {
  to: string;
  label: string;
  area: Area;
  icon?: ComponentType<{ size?: number }>;
  /** Active only on the exact path. */
  end?: boolean;
  /** A section: its entries show under it (only those the perfil may open). */
  children?: NavItem[];
}

/** The private area's navigation: only areas whose pages exist. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Inicio', icon: IconHome, end: true, area: 'home' },
  { to: '/dashboard/web-marking', label: 'Marcar asistencia', icon: IconClockCheck, area: 'webMarking' },
  { to: '/dashboard/marking-attempts', label: 'Intentos de marcaje', icon: IconMarkAlert, area: 'markingAttempts' },
  { to: '/dashboard/corrections', label: 'Correcciones', icon: IconCorrection, area: 'corrections' },
  {
    to: '/dashboard/assists',
    label: 'Asistencia',
    icon: IconAttendance,
    area: 'attendance',
    children: [
      { to: '/dashboard/assists', label: 'Asistencia del día', area: 'attendanceDay' },
      { to: '/dashboard/settings/assists-user', label: 'Asistencia por trabajador', area: 'attendanceWorker' },
      { to: '/dashboard/inconsistencies', label: 'Inconsistencias', area: 'inconsistencies' },
    ],
  },
  {
    to: '/dashboard/permisos',
    label: 'Permisos',
    icon: IconPermission,
    area: 'myPermissions',
    children: [
      { to: '/dashboard/permisos', label: 'Permisos del equipo', end: true, area: 'permissions' },
      { to: '/dashboard/permisos/mios', label: 'Mis permisos', area: 'myPermissions' },
    ],
  },
  {
    to: '/dashboard/extra-time/approvals',
    label: 'Horas extra',
    icon: IconOvertime,
    area: 'myOvertime',
    children: [
      { to: '/dashboard/extra-time/approvals', label: 'Aprobación', area: 'overtime' },
      { to: '/dashboard/extra-time/pacts', label: 'Pactos', area: 'overtime' },
      { to: '/dashboard/extra-time/mine', label: 'Mis horas extra', area: 'myOvertime' },
    ],
  },
  { to: '/dashboard/remunerations', label: 'Remuneraciones', icon: IconReport, area: 'remunerations' },
  {
    to: '/dashboard/users',
    label: 'Usuarios',
    icon: IconUsers,
    area: 'users',
    children: [
      { to: '/dashboard/users', label: 'Lista de usuarios', end: true, area: 'users' },
      { to: '/dashboard/users/register', label: 'Registrar usuario', area: 'usersRegister' },
    ],
  },
  {
    to: '/dashboard/group',
    label: 'Grupos',
    icon: IconGroups,
    area: 'groups',
    children: [
      { to: '/dashboard/group', label: 'Grupos', end: true, area: 'groups' },
      { to: '/dashboard/group/edit', label: 'Editar grupo', area: 'groupsManage' },
      { to: '/dashboard/group/states', label: 'Estados de grupos', area: 'groupsManage' },
      { to: '/dashboard/group/assignment-leaders', label: 'Asignar líderes', area: 'groupsManage' },
      { to: '/dashboard/group/assignment-masiva', label: 'Asignación masiva', area: 'groupsManage' },
    ],
  },
  {
    to: '/dashboard/settings',
    label: 'Configuración',
    icon: IconSettings,
    area: 'settings',
    children: [
      { to: '/dashboard/settings/company', label: 'Empresa', area: 'settings' },
      { to: '/dashboard/settings/sites', label: 'Sedes', area: 'settings' },
      { to: '/dashboard/settings/clocks', label: 'Relojes control', area: 'settings' },
      { to: '/dashboard/settings/permission', label: 'Tipos de permiso', area: 'settings' },
      { to: '/dashboard/settings/alerts', label: 'Alertas', area: 'settings' },
      { to: '/dashboard/settings/inspections', label: 'Accesos de fiscalizadores', area: 'inspectorLog' },
      { to: '/dashboard/settings/incidents', label: 'Incidentes técnicos', area: 'settings' },
    ],
  },
  {
    to: '/dashboard/planning',
    label: 'Planificación',
    icon: IconCalendar,
    area: 'planning',
    children: [
      { to: '/dashboard/planning', label: 'Planificación mensual', end: true, area: 'planning' },
      { to: '/dashboard/create-planning', label: 'Crear planificación', area: 'planningManage' },
      { to: '/dashboard/planning/shift-list', label: 'Turnos', area: 'shifts' },
      { to: '/dashboard/bulk-shift-upload', label: 'Carga masiva de turnos', area: 'shiftsManage' },
      { to: '/dashboard/bulk-planning-upload', label: 'Carga masiva de planificación', area: 'planningManage' },
      { to: '/dashboard/bulk-planner', label: 'Planificador masivo', area: 'planningManage' },
    ],
  },
  {
    to: '/dashboard/enroll-footprint',
    label: 'Huella y quiosco',
    icon: IconFingerprint,
    area: 'fingerprintEnrol',
    children: [
      { to: '/dashboard/enroll-footprint', label: 'Registrar huella', area: 'fingerprintEnrol' },
      { to: '/dashboard/footprints-register', label: 'Registro de huellas', area: 'fingerprintRegister' },
      { to: '/dashboard/kiosks', label: 'Quioscos', area: 'kiosks' },
      { to: '/dashboard/pin', label: 'Mi PIN de marcaje', area: 'pin' },
    ],
  },
  {
    to: '/dashboard/reports',
    label: 'Reportes',
    icon: IconReport,
    area: 'reports',
    children: [
      { to: '/dashboard/reports/attendance', label: 'Asistencia', area: 'managementReports' },
      { to: '/dashboard/reports/arrears', label: 'Atrasos', area: 'managementReports' },
      { to: '/dashboard/reports/absences', label: 'Ausencias', area: 'managementReports' },
      { to: '/dashboard/reports/assigned-permissions', label: 'Permisos asignados', area: 'managementReports' },
      { to: '/dashboard/reports/extra-time', label: 'Horas extra', area: 'managementReports' },
      { to: '/dashboard/reports/endowment', label: 'Dotación', area: 'endowmentReport' },
      { to: '/dashboard/reports/brand', label: 'Marcas', area: 'marksReport' },
      { to: '/dashboard/reports/legal', label: 'Reportes legales', area: 'legalReports' },
    ],
  },
  { to: '/dashboard/users/me', label: 'Mis datos', icon: IconUser, area: 'ownData' },
  { to: '/fiscalizacion', label: 'Cambiar empleador', icon: IconBuilding, area: 'inspectorSwitch' },
];

/** The navigation a perfil sees: entries it may open; a section with a single entry becomes that entry. */
export function navItemsFor(perfil: Perfil | ''): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of NAV_ITEMS) {
    if (!canAccess(item.area, perfil)) continue;
    if (!item.children) {
      visible.push(item);
      continue;
    }
    const children = item.children.filter((child) => canAccess(child.area, perfil));
    if (children.length === 1) visible.push({ ...children[0]!, label: item.label, icon: item.icon });
    else if (children.length > 1) visible.push({ ...item, children });
  }
  return visible;
}
