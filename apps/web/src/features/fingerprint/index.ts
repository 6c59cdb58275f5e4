/** For other features' pages (web marking): mark with the signed-in worker's fingerprint. */
export { useFingerprintMark, type FingerprintMarkInput, type UseFingerprintMark } from './hooks/use-fingerprint-mark';
export { FingerprintMarkButton, type FingerprintMarkButtonProps } from './components/fingerprint-mark-button';
