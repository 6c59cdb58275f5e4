import type { Comprobante } from '@jornada/contracts';

export const HASH = '3f'.repeat(32);

/** A receipt with every optional field (resolution, position, offline). */
export const RECEIPT: Comprobante = {
  marcaId: 'm1',
  fecha: '21/11/26',
  hora: '08:59:12',
  zonaHoraria: 'America/Santiago',
  trabajador: { nombre: 'Camila Rojas Fuentes', rut: '12.345.678-5' },
  tipo: 'entrada',
  tipoEtiqueta: 'Entrada',
  metodo: 'web',
  metodoEtiqueta: 'Web',
  hash: HASH,
  empleador: { razonSocial: 'Panadería Los Aromos SpA', rut: '76.123.456-0' },
  lugarTrabajo: { nombre: 'Casa Matriz', direccion: 'Av. Apoquindo 4500, Las Condes' },
  resolucionExcepcional: { numero: '1234', fecha: '2025-03-01' },
  posicion: { lat: -33.4136, lng: -70.5826, precisionM: 12 },
  offline: true,
  horaOriginal: '21/11/26 08:59:12',
  correccionRegistrada: null,
  fueraDeGeocerca: false,
  urlVerificacion: `http://localhost/verificar/${HASH}`,
};
