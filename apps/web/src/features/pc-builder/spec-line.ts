import type { ComponenteParcial } from '@nexbyte/shared';

const gb = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000} TB` : `${n} GB`);

/** A part's deciding values in one short line ('AM5 · 6 núcleos · 88 W'). */
export function specLine(c: ComponenteParcial | undefined): string {
  if (!c) return '';
  const parts: (string | number | undefined | false)[] = [];
  switch (c.tipo) {
    case 'PROCESADOR':
      parts.push(
        c.socket,
        c.nucleos && `${c.nucleos} núcleos`,
        c.tdpW && `${c.tdpW} W`,
        c.graficosIntegrados === false && 'sin gráficos integrados',
      );
      break;
    case 'PLACA_MADRE':
      parts.push(
        c.socket,
        c.formato,
        c.tipoMemoria,
        c.ranurasMemoria && `${c.ranurasMemoria} ranuras`,
        c.ranurasM2 !== undefined && `${c.ranurasM2} M.2`,
      );
      break;
    case 'MEMORIA':
      parts.push(
        c.tipoMemoria,
        c.capacidadGb && gb(c.capacidadGb),
        c.modulos && `${c.modulos} ${c.modulos === 1 ? 'módulo' : 'módulos'}`,
        c.velocidadMhz && `${c.velocidadMhz} MHz`,
      );
      break;
    case 'TARJETA_VIDEO':
      parts.push(c.chip, c.consumoW && `${c.consumoW} W`, c.largoMm && `${c.largoMm} mm`);
      break;
    case 'ALMACENAMIENTO':
      parts.push(c.interfaz, c.formato, c.capacidadGb && gb(c.capacidadGb));
      break;
    case 'FUENTE':
      parts.push(c.potenciaW && `${c.potenciaW} W`, c.certificacion);
      break;
    case 'GABINETE':
      parts.push(c.formatos?.join(', '), c.largoGpuMaxMm && `tarjetas hasta ${c.largoGpuMaxMm} mm`);
      break;
    case 'REFRIGERACION':
      parts.push(
        c.refrigeracion,
        c.alturaMm && `${c.alturaMm} mm`,
        c.radiadorMm && `radiador ${c.radiadorMm} mm`,
        c.socketsCompatibles?.join(', '),
      );
      break;
  }
  return parts.filter(Boolean).join(' · ');
}
