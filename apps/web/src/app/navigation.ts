import { canAccess, type Capability, type Perfil } from '@jornada/contracts';
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

/*
 * Who may open each private area: the capabilities of packages/contracts/src/access.ts (`ACCESS`), the
 * one source the API's routes also use. The navigation and the route guard (`RequirePerfil`) read it;
 * the server enforces the same rules on every call, this only hides what a perfil cannot do.
 */
export { canAccess };
/** A private area: a capability of the contracts' access map. */
export type Area = Capability;

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
const NAV_ITEMS: NavItem[] = [
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
      { to: '/dashboard/extra-time/approvals', label: 'Revisión', area: 'overtime' },
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
      { to: '/dashboard/users/register', label: 'Registrar usuario', area: 'usersManage' },
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
      { to: '/dashboard/settings/exceptional-schedules', label: 'Jornadas excepcionales', area: 'settings' },
      { to: '/dashboard/settings/holidays', label: 'Feriados', area: 'holidays' },
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
      { to: '/dashboard/planning/automatic', label: 'Planificación automática', area: 'roster' },
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

/**
 * The navigation a perfil sees: entries it may open; a section with a single entry becomes that entry.
 * «Cambiar empleador» is for a DT inspector's visit (`inspectorVisit`), not for a fiscalizador account
 * the company created with a password.
 */
export function navItemsFor(perfil: Perfil | '', { inspectorVisit = false }: { inspectorVisit?: boolean } = {}): NavItem[] {
  const visible: NavItem[] = [];
  for (const item of NAV_ITEMS) {
    if (!canAccess(item.area, perfil)) continue;
    if (item.area === 'inspectorSwitch' && !inspectorVisit) continue;
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
