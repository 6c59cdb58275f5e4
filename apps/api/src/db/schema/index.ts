export * from './companies';
export * from './exceptional-schedules';
export * from './sites';
export * from './groups';
export * from './group-leaders';
export * from './users';
export * from './logins';
export * from './sessions';
export * from './onboarding-tokens';
export * from './company-email-confirmations';
export * from './password-resets';
export * from './user-invitations';
export * from './auth-audit';
export * from './login-throttles';
export * from './shifts';
export * from './planning';
export * from './fingerprint';
export * from './kiosk';
export * from './marks';
export * from './jobs';
export * from './clock-devices';
export * from './corrections';
export * from './inspectors';
export * from './attendance';
export * from './permissions';
export * from './payroll-periods';
export * from './remunerations';
export * from './overtime';

export * from './alerts';

export * from './inconsistencies';

export * from './notifications';

export * from './legal-reports';

export * from './holidays';

export * from './roster';
