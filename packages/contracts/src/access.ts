import type { Perfil } from './common';

/*
 * Who may use each capability: the one list of the perfiles allowed per API route (`config.perfiles`),
 * per use case (`requirePerfil` at the start of a service's method) and per page of the web app (its
 * navigation and route guard). The server enforces it on every call; the web only hides what a perfil
 * cannot do. A route's perfiles are always an entry of this map, never a literal list (an ESLint rule
 * in eslint.config.js fails on one). Scope within a perfil (a supervisor's groups, a worker's own
 * records) is each use case's business, not this map's.
 *
 * No zod here: the web's private area imports this module on every page.
 */
export const ACCESS = {
  /** Every perfil: the dashboard home page. */
  home: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** The home page's figures (`/api/v1/inicio`): the perfiles that mark; the fiscalizador's home shows none. */
  homeSummary: ['administrador', 'supervisor', 'trabajador'],
  /** One's own session (profile, sign-out): every perfil. */
  session: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** The users list and its export: administrador the company, supervisors the members of the groups they lead. */
  users: ['administrador', 'supervisor'],
  /** Register users (one by one or by bulk upload), edit, deactivate and reactivate them. */
  usersManage: ['administrador'],
  /** A user's record: one's own; supervisors the members of their groups; administrador anyone. */
  userDetail: ['administrador', 'supervisor', 'trabajador'],
  /** Anyone's own data page (`/dashboard/users/me`). */
  ownData: ['administrador', 'supervisor', 'trabajador'],
  /** The groups: administrador all of them, supervisors the groups they lead (and their state history). */
  groups: ['administrador', 'supervisor'],
  /** Create and edit groups, their state, members and leaders, bulk assignment. */
  groupsManage: ['administrador'],
  /** The settings section of the web app. */
  settings: ['administrador'],
  /** The company's data and settings (`/api/v1/empresa`). */
  companySettings: ['administrador'],
  /** The company's exceptional schedules authorised by the DT (`/api/v1/jornadas-excepcionales`). */
  exceptionalSchedules: ['administrador'],
  /** The sites list and a site: administrador, and supervisors who filter and plan by site. */
  sitesRead: ['administrador', 'supervisor'],
  /** Create and edit sites. */
  sitesManage: ['administrador'],
  /** The year's holiday calendar and the company's own holidays (add one for a future date, remove one not yet past). */
  holidays: ['administrador'],
  /** The alert settings and the log of alerts sent. */
  alertSettings: ['administrador'],
  /** Control clocks: register and edit them, rotate their key. */
  clockDevices: ['administrador'],
  /** Planning: a trabajador sees their own month; supervisors the groups they lead. */
  planning: ['administrador', 'supervisor', 'trabajador'],
  /** Plan (day edits, patterns, wizard, planning uploads): supervisors within the groups they lead. */
  planningManage: ['administrador', 'supervisor'],
  /** The automatic roster: read a site's demand, ask for a proposal and apply it (supervisors: the groups they lead). */
  roster: ['administrador', 'supervisor'],
  /** State a site's staffing demand. */
  rosterDemandManage: ['administrador'],
  /** The shift list (supervisors read it to plan). */
  shifts: ['administrador', 'supervisor'],
  /** Create and edit shifts, shift upload. */
  shiftsManage: ['administrador'],
  /** Own fingerprint (consent, enrolment, own credentials, revoking one); administrators also enrol other workers. */
  fingerprintEnrol: ['administrador', 'supervisor', 'trabajador'],
  /** Act on another worker's fingerprint (their consent, enrolment) instead of one's own. */
  fingerprintEnrolOthers: ['administrador'],
  /** The company's fingerprint register (every credential, who is missing). */
  fingerprintRegister: ['administrador'],
  /** Open, list and close kiosks. */
  kiosks: ['administrador'],
  /** Own marking PIN (the kiosk's non-biometric method). */
  pin: ['administrador', 'supervisor', 'trabajador'],
  /** Web marking, with or without fingerprint: every perfil that marks (their own marks). */
  webMarking: ['administrador', 'supervisor', 'trabajador'],
  /** The marks list: one's own; supervisors the groups they lead; administrador the company. */
  marks: ['administrador', 'supervisor', 'trabajador'],
  /** The check of the company's chain of marks. */
  marksChain: ['administrador'],
  /** A mark's receipt (own marks; administrador and supervisor within their scope). */
  receipts: ['administrador', 'supervisor', 'trabajador'],
  /** Refused or doubtful marks (supervisors: the groups they lead). */
  markingAttempts: ['administrador', 'supervisor'],
  /** The company's log of labour inspectors' accesses. */
  inspectorLog: ['administrador'],
  /** A labour inspector goes back to choosing the employer (`/fiscalizacion`). */
  inspectorSwitch: ['fiscalizador'],
  /** Corrections of marks: the worker objects to or accepts their own; administrador and supervisor (their groups) follow them. */
  corrections: ['administrador', 'supervisor', 'trabajador'],
  /** Propose and annul a correction of marks: administrador the company, supervisor the groups they lead. */
  correctionsManage: ['administrador', 'supervisor'],
  /** The permissions of the workers one manages (supervisors: the groups they lead): approve, reject, assign, balances. */
  permissions: ['administrador', 'supervisor'],
  /** One's own permissions: request, follow, withdraw, balance. */
  myPermissions: ['administrador', 'supervisor', 'trabajador'],
  /** One permission, its attachment, its withdrawal or annulment: one's own; administrador and supervisor within their scope. */
  permissionDetail: ['administrador', 'supervisor', 'trabajador'],
  /** The permission types, read by everyone who requests or assigns permissions. */
  permissionTypes: ['administrador', 'supervisor', 'trabajador'],
  /** Create and edit permission types. */
  permissionTypesManage: ['administrador'],
  /** Overtime pacts and the approval of found overtime (supervisors: the groups they lead). */
  overtime: ['administrador', 'supervisor'],
  /** The company's overtime review threshold (a threshold for review, never for pay). */
  overtimeSettings: ['administrador'],
  /** One's own overtime, approved or not, and one's pacts. */
  myOvertime: ['administrador', 'supervisor', 'trabajador'],
  /** One overtime pact and its signed document: one's own; administrador and supervisor within their scope. */
  overtimePactDetail: ['administrador', 'supervisor', 'trabajador'],
  /** The reports section (any report a perfil may open). */
  reports: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** The marks report, its export and filter options: administrador and fiscalizador the company, supervisor their groups, trabajador their own. */
  marksReport: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** Management reports (asistencia, atrasos, ausencias, permisos asignados, horas extra) and their filter options: administrador the company, supervisor their groups, trabajador their own. */
  managementReports: ['administrador', 'supervisor', 'trabajador'],
  /** The headcount report (dotación): the company's or the led groups' staff, never a worker's own data. */
  endowmentReport: ['administrador', 'supervisor'],
  /** The DT's legal reports a)–f): administrador and, read-only, the fiscalizador. */
  legalReports: ['administrador', 'fiscalizador'],
  /** The technical incidents of the marking system (recorded for the legal reports): record, edit, decide. */
  technicalIncidents: ['administrador'],
  /** Attendance (the day board, a worker's month, the summary, the trend): administrador the company, supervisor their groups, trabajador their own. */
  attendance: ['administrador', 'supervisor', 'trabajador'],
  /** The day board (`/dashboard/assists`): administrador the company, supervisor the groups they lead. */
  attendanceDay: ['administrador', 'supervisor'],
  /** A worker's month (`/dashboard/settings/assists-user`): administrador, supervisor (their groups), trabajador (own). */
  attendanceWorker: ['administrador', 'supervisor', 'trabajador'],
  /** The progress of a period's first evaluation, queued by any page of evaluated attendance (the legal reports' fiscalizador too). */
  attendanceCalculation: ['administrador', 'supervisor', 'trabajador', 'fiscalizador'],
  /** Inconsistencies of the evaluation, their export and dismissals: administrador the company, supervisor the groups they lead. */
  inconsistencies: ['administrador', 'supervisor'],
  /** Pay variables of a month, its closing and reopening, and the payroll exports. */
  remunerations: ['administrador'],
  /** One's own notifications: every perfil that works for the company. */
  notifications: ['administrador', 'supervisor', 'trabajador'],
} as const satisfies Record<string, readonly Perfil[]>;

export type Capability = keyof typeof ACCESS;

/** Whether a perfil (`''` while none is known) may use a capability. */
export function canAccess(capability: Capability, perfil: Perfil | ''): boolean {
  return perfil !== '' && (ACCESS[capability] as readonly Perfil[]).includes(perfil);
}
