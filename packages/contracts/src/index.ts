export * from './errors';
export * from './common';
export * from './onboarding';
export * from './session';
export * from './pagination';
export * from './users';
export * from './sites';
export * from './company';
export * from './exceptional-schedules';
export * from './groups';
export * from './bulk-upload';
export * from './shifts';
export * from './planning';
export * from './planning-uploads';
export * from './labels';
export * from './access';
export * from './marks';
export * from './webauthn';
export * from './kiosk';
export * from './clock-devices';
export * from './corrections';
export * from './reports';
export * from './inspectors';
export * from './attendance';
export * from './attendance-calculation';
export * from './permissions';
export * from './remunerations';
export * from './overtime';

export * from './alerts';

export * from './inconsistencies';

export * from './home';
export * from './notifications';

export * from './management-reports';

export * from './legal-reports';

export * from './holidays';

export * from './roster';
