export * from './rut';
export * from './calendar/local-date';
export * from './calendar/astronomy';
export * from './calendar/holidays';
export * from './law';
export * from './time-zone';
export * from './marks';
export * from './shift-instance';
export * from './attribution';
export * from './permissions';
export * from './day-evaluation';
export * from './period-evaluation';
export * from './remuneration';
export * from './password-policy';
export * from './planning-patterns';
export * from './overtime-pacts';

export * from './alerts';
