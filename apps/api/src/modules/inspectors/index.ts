/** The labour inspector's (fiscalizador) access: keys, sessions, employer choice and the access log. */
export { registerInspectorRoutes, fiscalizadorRequestLog } from './inspectors.routes';
export { registerInspectorJobs } from './inspector-jobs';
export { createInspectorsService, type InspectorsService } from './inspectors.service';
