import { randomUUID } from 'node:crypto';
import type { MarksService } from '../marks/index';
import type { MarkingPort } from './marking-port';

const RECORDED = 'Marca registrada.';

/** Fingerprint and kiosk marks go through the marks module's recordMark / recordAttempt. */
export function marksModulePort(marks: MarksService): MarkingPort {
  return {
    async record(input) {
      const result = await marks.recordMark(
        {
          companyId: input.companyId,
          userId: input.userId,
          tipo: input.tipo,
          metodo: input.metodo,
          // The kiosk has no offline queue: a mark without the device's id still gets a unique one.
          idCliente: input.idCliente ?? randomUUID(),
          posicion: input.posicion,
          dispositivo: input.dispositivo,
          deviceId: input.deviceId,
          siteId: input.siteId ?? undefined,
        },
        { now: input.now },
      );
      if (result.status === 'recorded') return { registrada: true, marca: result.marca, comprobante: result.comprobante, mensaje: RECORDED };
      return { registrada: false, marca: null, comprobante: null, mensaje: result.mensaje };
    },
    async attempt(input) {
      await marks.recordAttempt(
        {
          companyId: input.companyId,
          userId: input.userId,
          tipo: input.tipo,
          metodo: input.metodo,
          motivo: input.motivo,
          detalle: input.rut ? `${input.detalle} (RUT ${input.rut})` : input.detalle,
          dispositivo: input.dispositivo,
          deviceId: input.deviceId,
          siteId: input.siteId ?? undefined,
        },
        { now: input.now },
      );
    },
  };
}
