/** Fingerprint (WebAuthn) enrolment and marking, and the marking port the kiosk uses. */
export { fingerprintModule } from './fingerprint.module';

export type { FingerprintService } from './fingerprint.service';
export { marksModulePort } from './marking-adapter';
export type { MarkingPinReader, MarkingPort, MarkOutcome } from './marking-port';
