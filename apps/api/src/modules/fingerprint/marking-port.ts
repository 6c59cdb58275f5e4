import type { Comprobante, Marca, MotivoIntento, Posicion, TipoMarca } from '@jornada/contracts';

/** What fingerprint and kiosk marking need from the marks module (recordMark / recordAttempt). */
export interface MarkInput {
  companyId: string;
  userId: string;
  tipo: TipoMarca;
  metodo: 'huella' | 'kiosco_pin';
  idCliente?: string | undefined;
  posicion?: Posicion | undefined;
  dispositivo: string;
  /** Kiosk marks happen at the kiosk's site. */
  siteId?: string | null | undefined;
  /** The kiosk that took the mark. */
  deviceId?: string | undefined;
  now: Date;
}

export interface AttemptInput {
  companyId: string;
  userId: string | null;
  rut?: string | null | undefined;
  tipo: TipoMarca | null;
  metodo: 'huella' | 'kiosco_pin';
  motivo: MotivoIntento;
  detalle: string;
  dispositivo: string;
  siteId?: string | null | undefined;
  deviceId?: string | undefined;
  now: Date;
}

export interface MarkOutcome {
  /** False when the marks module refused or ignored it (inactive worker, repeated mark...). */
  registrada: boolean;
  marca: Marca | null;
  comprobante: Comprobante | null;
  mensaje: string;
}

export interface MarkingPort {
  record(input: MarkInput): Promise<MarkOutcome>;
  attempt(input: AttemptInput): Promise<void>;
}

/**
 * The marking PINs, owned by the kiosk module (`app.markingPins`): a worker signs the biometric consent
 * an administrator captures for them by typing their own PIN.
 */
export interface MarkingPinReader {
  /** The hash of the worker's marking PIN, if they set one. */
  pinHashOf(companyId: string, userId: string): Promise<string | undefined>;
}
