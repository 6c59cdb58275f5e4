export * from './errors';
export * from './common';
export * from './onboarding';
export * from './session';
