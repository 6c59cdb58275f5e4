// Two lazy entries, so the public page does not load the administrators' log and vice versa.
export { InspectorAccessPage } from './access';
export { AccessLogPage } from './log';
