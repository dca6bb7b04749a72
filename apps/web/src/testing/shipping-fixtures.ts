import type { OpcionesEnvio } from '@nexbyte/shared';

/** POST /envios/opciones as a shop without a carrier answers: the región's price, signed. */
export function buildShippingOptions(overrides: Partial<OpcionesEnvio> = {}): OpcionesEnvio {
  return {
    origen: 'TABLA',
    opciones: [
      {
        cotizacion: 'tabla-firmada',
        origen: 'TABLA',
        transportista: null,
        servicio: null,
        nombre: 'Despacho a domicilio',
        precio: 3990,
        llega: null,
        texto: 'Despacho a domicilio — $3.990',
      },
    ],
    bulto: { pesoKg: 0.7, largoCm: 16, anchoCm: 11, altoCm: 12 },
    envioGratisDesde: 80000,
    mensaje: null,
    ...overrides,
  };
}
