/** For other features' pages (web marking): mark with the signed-in worker's fingerprint. */
export { useFingerprintMark } from './hooks/use-fingerprint-mark';
export { FingerprintMarkButton } from './components/fingerprint-mark-button';
