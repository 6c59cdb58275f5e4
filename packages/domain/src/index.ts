export * from './rut';
