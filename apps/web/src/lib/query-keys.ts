/**
 * The roots of the query keys that more than one feature (or a feature and the shared code) reads or
 * invalidates. Features never import each other, so the feature that owns the data builds its keys
 * under the root here, and a feature whose change makes that data stale invalidates the same root: both
 * name one constant, and renaming a root reaches every user. A key only one feature touches stays in
 * that feature's keys.
 */
export const queryRoots = {
  /** The company's people: the users feature, the shared worker options and the invitations banner. */
  users: ['usuarios'] as const,
  /** Groups: the group feature and the shared group options. */
  groups: ['grupos'] as const,
  /** Sites: the settings feature and the shared site options. */
  sites: ['sedes'] as const,
  /** Marks: web marking (today's marks), the receipts, and a fingerprint mark that makes them stale. */
  marks: ['marcas'] as const,
  /** Corrections: the corrections pages, the attempts page's corrections, and a correction proposed from an inconsistency. */
  corrections: ['correcciones'] as const,
  /** Shifts: the shifts feature, the planning's list of active shifts, and a bulk upload of shifts. */
  shifts: ['turnos'] as const,
  /** Planning: the planning feature, and a bulk upload of planning. */
  planning: ['planificacion'] as const,
  /** Exceptional schedules (DT resolutions): the settings page and the user form's select. */
  exceptionalSchedules: ['jornadas-excepcionales'] as const,
  /** Reports: the reports feature and the shared scope options and workers in scope. */
  reports: ['reportes'] as const,
};
