import type { Componente } from '@nexbyte/shared';

/**
 * PC parts of the current AMD (AM5) and Intel (LGA1700, LGA1851) platforms, with the typed
 * specification the builder reasons with (decision 032), so that every step of 'Arma tu PC' has
 * parts that fit and parts that do not: boards of three form factors and both memory types, cards
 * of several lengths, coolers of several heights and sockets, cases with their limits and power
 * supplies from 550 to 1000 W.
 */
export interface DemoPcPart {
  nombre: string;
  descripcion: string;
  precio: number;
  stock: number;
  marca: string;
  sku: string;
  /** The free-text sheet the product page shows; few names, so the list's facets stay useful. */
  especificaciones: Record<string, string>;
  componente: Componente;
}

// prettier-ignore
export const DEMO_PC_PARTS: DemoPcPart[] = [
  // Processors
  { nombre: 'Procesador AMD Ryzen 5 7600', descripcion: 'Seis núcleos Zen 4, hasta 5,1 GHz, socket AM5 y gráficos Radeon integrados. Incluye disipador Wraith Stealth.', precio: 189990, stock: 12, marca: 'AMD', sku: 'AMD-R5-7600',
    especificaciones: { Socket: 'AM5', Núcleos: '6' },
    componente: { tipo: 'PROCESADOR', socket: 'AM5', nucleos: 6, tdpW: 88, graficosIntegrados: true } },
  { nombre: 'Procesador AMD Ryzen 7 7800X3D', descripcion: 'Ocho núcleos con 3D V-Cache de 96 MB, el favorito para jugar, socket AM5.', precio: 449990, stock: 6, marca: 'AMD', sku: 'AMD-R7-7800X3D',
    especificaciones: { Socket: 'AM5', Núcleos: '8' },
    componente: { tipo: 'PROCESADOR', socket: 'AM5', nucleos: 8, tdpW: 162, graficosIntegrados: true } },
  { nombre: 'Procesador Intel Core i5-14400F', descripcion: 'Diez núcleos (6 P + 4 E), hasta 4,7 GHz, socket LGA1700. Sin gráficos integrados.', precio: 169990, stock: 15, marca: 'Intel', sku: 'INT-I5-14400F',
    especificaciones: { Socket: 'LGA1700', Núcleos: '10' },
    componente: { tipo: 'PROCESADOR', socket: 'LGA1700', nucleos: 10, tdpW: 148, graficosIntegrados: false } },
  { nombre: 'Procesador Intel Core i7-14700K', descripcion: 'Veinte núcleos (8 P + 12 E), hasta 5,6 GHz, desbloqueado, socket LGA1700.', precio: 379990, stock: 4, marca: 'Intel', sku: 'INT-I7-14700K',
    especificaciones: { Socket: 'LGA1700', Núcleos: '20' },
    componente: { tipo: 'PROCESADOR', socket: 'LGA1700', nucleos: 20, tdpW: 253, graficosIntegrados: true } },
  { nombre: 'Procesador Intel Core Ultra 5 245K', descripcion: 'Catorce núcleos, NPU integrada y socket LGA1851 para placas Z890.', precio: 299990, stock: 5, marca: 'Intel', sku: 'INT-U5-245K',
    especificaciones: { Socket: 'LGA1851', Núcleos: '14' },
    componente: { tipo: 'PROCESADOR', socket: 'LGA1851', nucleos: 14, tdpW: 159, graficosIntegrados: true } },

  // Motherboards
  { nombre: 'Placa madre MSI MAG B650 Tomahawk WiFi', descripcion: 'ATX para Ryzen AM5, DDR5, tres ranuras M.2, Wi-Fi 6E y LAN de 2,5 G.', precio: 229990, stock: 7, marca: 'MSI', sku: 'MSI-B650-TOMA',
    especificaciones: { Socket: 'AM5', Formato: 'ATX', Chipset: 'B650' },
    componente: { tipo: 'PLACA_MADRE', socket: 'AM5', chipset: 'B650', formato: 'ATX', tipoMemoria: 'DDR5', ranurasMemoria: 4, ranurasM2: 3, consumoW: 50 } },
  { nombre: 'Placa madre ASRock X670E Steel Legend', descripcion: 'ATX con chipset X670E, PCIe 5.0 para la tarjeta y el SSD, cuatro ranuras M.2.', precio: 299990, stock: 3, marca: 'ASRock', sku: 'ASR-X670E-SL',
    especificaciones: { Socket: 'AM5', Formato: 'ATX', Chipset: 'X670E' },
    componente: { tipo: 'PLACA_MADRE', socket: 'AM5', chipset: 'X670E', formato: 'ATX', tipoMemoria: 'DDR5', ranurasMemoria: 4, ranurasM2: 4, consumoW: 60 } },
  { nombre: 'Placa madre Gigabyte B650M Gaming X AX', descripcion: 'Micro-ATX para AM5 con DDR5, dos ranuras M.2 y Wi-Fi 6E.', precio: 169990, stock: 9, marca: 'Gigabyte', sku: 'GIG-B650M-GX',
    especificaciones: { Socket: 'AM5', Formato: 'Micro-ATX', Chipset: 'B650' },
    componente: { tipo: 'PLACA_MADRE', socket: 'AM5', chipset: 'B650', formato: 'Micro-ATX', tipoMemoria: 'DDR5', ranurasMemoria: 4, ranurasM2: 2, consumoW: 45 } },
  { nombre: 'Placa madre ASUS ROG Strix B650E-I Gaming WiFi', descripcion: 'Mini-ITX para equipos compactos AM5: dos ranuras de memoria DDR5 y dos M.2.', precio: 339990, stock: 2, marca: 'ASUS', sku: 'ASU-B650E-I',
    especificaciones: { Socket: 'AM5', Formato: 'Mini-ITX', Chipset: 'B650E' },
    componente: { tipo: 'PLACA_MADRE', socket: 'AM5', chipset: 'B650E', formato: 'Mini-ITX', tipoMemoria: 'DDR5', ranurasMemoria: 2, ranurasM2: 2, consumoW: 45 } },
  { nombre: 'Placa madre MSI PRO B760M-A DDR4 II', descripcion: 'Micro-ATX para Intel de 12.ª a 14.ª generación que aprovecha memoria DDR4.', precio: 139990, stock: 10, marca: 'MSI', sku: 'MSI-B760M-D4',
    especificaciones: { Socket: 'LGA1700', Formato: 'Micro-ATX', Chipset: 'B760' },
    componente: { tipo: 'PLACA_MADRE', socket: 'LGA1700', chipset: 'B760', formato: 'Micro-ATX', tipoMemoria: 'DDR4', ranurasMemoria: 4, ranurasM2: 2, consumoW: 40 } },
  { nombre: 'Placa madre Gigabyte Z790 Aorus Elite AX', descripcion: 'ATX Z790 para overclock de procesadores K, DDR5 y cuatro ranuras M.2.', precio: 279990, stock: 5, marca: 'Gigabyte', sku: 'GIG-Z790-ELITE',
    especificaciones: { Socket: 'LGA1700', Formato: 'ATX', Chipset: 'Z790' },
    componente: { tipo: 'PLACA_MADRE', socket: 'LGA1700', chipset: 'Z790', formato: 'ATX', tipoMemoria: 'DDR5', ranurasMemoria: 4, ranurasM2: 4, consumoW: 60 } },
  { nombre: 'Placa madre ASUS TUF Gaming Z890-Plus WiFi', descripcion: 'ATX para Intel Core Ultra (LGA1851), DDR5, Wi-Fi 7 y Thunderbolt 4.', precio: 319990, stock: 4, marca: 'ASUS', sku: 'ASU-Z890-TUF',
    especificaciones: { Socket: 'LGA1851', Formato: 'ATX', Chipset: 'Z890' },
    componente: { tipo: 'PLACA_MADRE', socket: 'LGA1851', chipset: 'Z890', formato: 'ATX', tipoMemoria: 'DDR5', ranurasMemoria: 4, ranurasM2: 4, consumoW: 60 } },

  // Memory
  { nombre: 'Memoria RAM G.Skill Flare X5 32 GB DDR5 6000', descripcion: 'Kit de 2 × 16 GB con perfil AMD EXPO, CL30.', precio: 109990, stock: 14, marca: 'G.Skill', sku: 'GSK-FX5-32-D5',
    especificaciones: { Memoria: '32 GB', 'Tipo de memoria': 'DDR5' },
    componente: { tipo: 'MEMORIA', tipoMemoria: 'DDR5', modulos: 2, capacidadGb: 32, velocidadMhz: 6000, consumoW: 10 } },
  { nombre: 'Memoria RAM Corsair Vengeance 64 GB DDR5 5600', descripcion: 'Kit de 4 × 16 GB para placas de cuatro ranuras.', precio: 219990, stock: 3, marca: 'Corsair', sku: 'COR-V64-D5',
    especificaciones: { Memoria: '64 GB', 'Tipo de memoria': 'DDR5' },
    componente: { tipo: 'MEMORIA', tipoMemoria: 'DDR5', modulos: 4, capacidadGb: 64, velocidadMhz: 5600, consumoW: 20 } },
  { nombre: 'Memoria RAM TeamGroup T-Force Delta 16 GB DDR5 6000', descripcion: 'Un módulo de 16 GB con iluminación RGB.', precio: 49990, stock: 20, marca: 'TeamGroup', sku: 'TEA-DELTA-16-D5',
    especificaciones: { Memoria: '16 GB', 'Tipo de memoria': 'DDR5' },
    componente: { tipo: 'MEMORIA', tipoMemoria: 'DDR5', modulos: 1, capacidadGb: 16, velocidadMhz: 6000, consumoW: 5 } },
  { nombre: 'Memoria RAM Crucial 16 GB DDR4 3200', descripcion: 'Kit de 2 × 8 GB para equipos DDR4, sin disipador.', precio: 34990, stock: 25, marca: 'Crucial', sku: 'CRU-16-D4',
    especificaciones: { Memoria: '16 GB', 'Tipo de memoria': 'DDR4' },
    componente: { tipo: 'MEMORIA', tipoMemoria: 'DDR4', modulos: 2, capacidadGb: 16, velocidadMhz: 3200, consumoW: 8 } },

  // Graphics cards
  { nombre: 'Tarjeta de video Zotac RTX 4070 Super Twin Edge 12 GB', descripcion: 'Compacta de dos ventiladores y 234 mm, para 1440p con DLSS 3.', precio: 649990, stock: 6, marca: 'Zotac', sku: 'ZOT-4070S-TE',
    especificaciones: { Memoria: '12 GB', 'Tipo de memoria': 'GDDR6X' },
    componente: { tipo: 'TARJETA_VIDEO', chip: 'GeForce RTX 4070 SUPER', memoriaGb: 12, consumoW: 220, largoMm: 234, fuenteRecomendadaW: 650 } },
  { nombre: 'Tarjeta de video MSI RTX 4070 Ti Super Ventus 3X 16 GB', descripcion: 'Tres ventiladores y 308 mm de largo, 16 GB para 1440p y 4K.', precio: 899990, stock: 3, marca: 'MSI', sku: 'MSI-4070TIS-V3X',
    especificaciones: { Memoria: '16 GB', 'Tipo de memoria': 'GDDR6X' },
    componente: { tipo: 'TARJETA_VIDEO', chip: 'GeForce RTX 4070 Ti SUPER', memoriaGb: 16, consumoW: 285, largoMm: 308, fuenteRecomendadaW: 750 } },
  { nombre: 'Tarjeta de video Sapphire Pulse RX 7800 XT 16 GB', descripcion: 'Radeon de 16 GB y 280 mm, muy buena en 1440p.', precio: 549990, stock: 5, marca: 'Sapphire', sku: 'SAP-7800XT-P',
    especificaciones: { Memoria: '16 GB', 'Tipo de memoria': 'GDDR6' },
    componente: { tipo: 'TARJETA_VIDEO', chip: 'Radeon RX 7800 XT', memoriaGb: 16, consumoW: 263, largoMm: 280, fuenteRecomendadaW: 700 } },
  { nombre: 'Tarjeta de video Gigabyte RTX 4080 Super Gaming OC 16 GB', descripcion: 'Para 4K con trazado de rayos; 342 mm, revisa el largo que admite tu gabinete.', precio: 1199990, stock: 2, marca: 'Gigabyte', sku: 'GIG-4080S-GOC',
    especificaciones: { Memoria: '16 GB', 'Tipo de memoria': 'GDDR6X' },
    componente: { tipo: 'TARJETA_VIDEO', chip: 'GeForce RTX 4080 SUPER', memoriaGb: 16, consumoW: 320, largoMm: 342, fuenteRecomendadaW: 850 } },

  // Power supplies
  { nombre: 'Fuente de poder Cooler Master MWE 550 W Bronze V2', descripcion: 'Fuente ATX de 550 W con certificación 80 PLUS Bronze, cables fijos.', precio: 44990, stock: 18, marca: 'Cooler Master', sku: 'CM-MWE550-B',
    especificaciones: { Potencia: '550 W', Certificación: '80 PLUS Bronze' },
    componente: { tipo: 'FUENTE', potenciaW: 550, certificacion: '80 PLUS Bronze', modular: false } },
  { nombre: 'Fuente de poder MSI MAG A650BN 650 W', descripcion: 'Fuente ATX de 650 W 80 PLUS Bronze con ventilador de 120 mm.', precio: 49990, stock: 12, marca: 'MSI', sku: 'MSI-A650BN',
    especificaciones: { Potencia: '650 W', Certificación: '80 PLUS Bronze' },
    componente: { tipo: 'FUENTE', potenciaW: 650, certificacion: '80 PLUS Bronze', modular: false } },
  { nombre: 'Fuente de poder Corsair RM750e 750 W Gold', descripcion: 'Totalmente modular, 80 PLUS Gold y conector 12V-2x6 para tarjetas nuevas.', precio: 94990, stock: 8, marca: 'Corsair', sku: 'COR-RM750E',
    especificaciones: { Potencia: '750 W', Certificación: '80 PLUS Gold' },
    componente: { tipo: 'FUENTE', potenciaW: 750, certificacion: '80 PLUS Gold', modular: true } },
  { nombre: 'Fuente de poder Seasonic Focus GX-850 850 W Gold', descripcion: 'Modular, 80 PLUS Gold y diez años de garantía del fabricante.', precio: 129990, stock: 5, marca: 'Seasonic', sku: 'SEA-GX850',
    especificaciones: { Potencia: '850 W', Certificación: '80 PLUS Gold' },
    componente: { tipo: 'FUENTE', potenciaW: 850, certificacion: '80 PLUS Gold', modular: true } },
  { nombre: 'Fuente de poder be quiet! Pure Power 12 M 1000 W', descripcion: 'Silenciosa, modular, 80 PLUS Gold, para equipos de alto consumo.', precio: 169990, stock: 0, marca: 'be quiet!', sku: 'BQT-PP12M-1000',
    especificaciones: { Potencia: '1000 W', Certificación: '80 PLUS Gold' },
    componente: { tipo: 'FUENTE', potenciaW: 1000, certificacion: '80 PLUS Gold', modular: true } },

  // Cases
  { nombre: 'Gabinete Cooler Master NR200P', descripcion: 'Mini-ITX compacto con panel de vidrio; tarjetas de hasta 330 mm y disipadores de hasta 155 mm.', precio: 99990, stock: 6, marca: 'Cooler Master', sku: 'CM-NR200P',
    especificaciones: { Formato: 'Mini-ITX' },
    componente: { tipo: 'GABINETE', formatos: ['Mini-ITX'], largoGpuMaxMm: 330, alturaCoolerMaxMm: 155, radiadorMaxMm: 280 } },
  { nombre: 'Gabinete Lian Li Lancool 216', descripcion: 'Mid tower de gran flujo de aire, tarjetas de hasta 392 mm y radiadores de 360 mm.', precio: 109990, stock: 7, marca: 'Lian Li', sku: 'LL-LANCOOL216',
    especificaciones: { Formato: 'E-ATX' },
    componente: { tipo: 'GABINETE', formatos: ['E-ATX', 'ATX', 'Micro-ATX', 'Mini-ITX'], largoGpuMaxMm: 392, alturaCoolerMaxMm: 180, radiadorMaxMm: 360 } },
  { nombre: 'Gabinete Montech Air 100 ARGB', descripcion: 'Micro-ATX con cuatro ventiladores ARGB; tarjetas de hasta 330 mm.', precio: 59990, stock: 11, marca: 'Montech', sku: 'MON-AIR100',
    especificaciones: { Formato: 'Micro-ATX' },
    componente: { tipo: 'GABINETE', formatos: ['Micro-ATX', 'Mini-ITX'], largoGpuMaxMm: 330, alturaCoolerMaxMm: 161, radiadorMaxMm: 240 } },
  { nombre: 'Gabinete Antec NX200M', descripcion: 'Micro-ATX económico con frente de malla; tarjetas de hasta 290 mm.', precio: 39990, stock: 9, marca: 'Antec', sku: 'ANT-NX200M',
    especificaciones: { Formato: 'Micro-ATX' },
    componente: { tipo: 'GABINETE', formatos: ['Micro-ATX', 'Mini-ITX'], largoGpuMaxMm: 290, alturaCoolerMaxMm: 155, radiadorMaxMm: 240 } },

  // Coolers
  { nombre: 'Cooler CPU Thermalright Peerless Assassin 120 SE', descripcion: 'Doble torre con dos ventiladores de 120 mm y 155 mm de alto, para AMD e Intel.', precio: 39990, stock: 16, marca: 'Thermalright', sku: 'TR-PA120SE',
    especificaciones: { Socket: 'AM4, AM5, LGA1700 y LGA1851', Refrigeración: 'Aire' },
    componente: { tipo: 'REFRIGERACION', refrigeracion: 'Aire', socketsCompatibles: ['AM4', 'AM5', 'LGA1700', 'LGA1851'], alturaMm: 155, consumoW: 5 } },
  { nombre: 'Cooler CPU be quiet! Dark Rock Pro 5', descripcion: 'Doble torre silenciosa de 168 mm para procesadores de alto consumo; necesita un gabinete alto.', precio: 104990, stock: 4, marca: 'be quiet!', sku: 'BQT-DRP5',
    especificaciones: { Socket: 'AM4, AM5, LGA1700 y LGA1851', Refrigeración: 'Aire' },
    componente: { tipo: 'REFRIGERACION', refrigeracion: 'Aire', socketsCompatibles: ['AM4', 'AM5', 'LGA1700', 'LGA1851'], alturaMm: 168, consumoW: 5 } },
  { nombre: 'Refrigeración líquida Arctic Liquid Freezer III 360', descripcion: 'AIO con radiador de 360 mm y tres ventiladores P12.', precio: 119990, stock: 5, marca: 'Arctic', sku: 'ARC-LF3-360',
    especificaciones: { Socket: 'AM4, AM5, LGA1700 y LGA1851', Refrigeración: 'Líquida' },
    componente: { tipo: 'REFRIGERACION', refrigeracion: 'Líquida', socketsCompatibles: ['AM4', 'AM5', 'LGA1700', 'LGA1851'], radiadorMm: 360, consumoW: 15 } },
  { nombre: 'Refrigeración líquida NZXT Kraken 240', descripcion: 'AIO con radiador de 240 mm y pantalla LCD en la bomba.', precio: 129990, stock: 6, marca: 'NZXT', sku: 'NZX-KRAKEN240',
    especificaciones: { Socket: 'AM4, AM5 y LGA1700', Refrigeración: 'Líquida' },
    componente: { tipo: 'REFRIGERACION', refrigeracion: 'Líquida', socketsCompatibles: ['AM4', 'AM5', 'LGA1700'], radiadorMm: 240, consumoW: 10 } },
];

/** The typed specification of the parts the demo catalogue had before, by product name. */
export const DEMO_PART_SPECS: Readonly<Record<string, Componente>> = {
  'Procesador AMD Ryzen 5 5600': {
    tipo: 'PROCESADOR',
    socket: 'AM4',
    nucleos: 6,
    tdpW: 88,
    graficosIntegrados: false,
  },
  'Procesador Intel Core i5-12400F': {
    tipo: 'PROCESADOR',
    socket: 'LGA1700',
    nucleos: 6,
    tdpW: 117,
    graficosIntegrados: false,
  },
  'Tarjeta de video GeForce RTX 4060 8 GB': {
    tipo: 'TARJETA_VIDEO',
    chip: 'GeForce RTX 4060',
    memoriaGb: 8,
    consumoW: 115,
    largoMm: 245,
    fuenteRecomendadaW: 550,
  },
  'Tarjeta de video Radeon RX 7600 8 GB': {
    tipo: 'TARJETA_VIDEO',
    chip: 'Radeon RX 7600',
    memoriaGb: 8,
    consumoW: 165,
    largoMm: 204,
    fuenteRecomendadaW: 550,
  },
  'Memoria RAM Kingston Fury Beast 16 GB DDR4 3200': {
    tipo: 'MEMORIA',
    tipoMemoria: 'DDR4',
    modulos: 2,
    capacidadGb: 16,
    velocidadMhz: 3200,
    consumoW: 8,
  },
  'Memoria RAM Corsair Vengeance 32 GB DDR5 5600': {
    tipo: 'MEMORIA',
    tipoMemoria: 'DDR5',
    modulos: 2,
    capacidadGb: 32,
    velocidadMhz: 5600,
    consumoW: 10,
  },
  'Placa madre ASUS Prime B550M-A': {
    tipo: 'PLACA_MADRE',
    socket: 'AM4',
    chipset: 'B550',
    formato: 'Micro-ATX',
    tipoMemoria: 'DDR4',
    ranurasMemoria: 4,
    ranurasM2: 2,
    consumoW: 40,
  },
  'Fuente de poder EVGA 600 W 80 Plus': {
    tipo: 'FUENTE',
    potenciaW: 600,
    certificacion: '80 PLUS',
    modular: false,
  },
  'Gabinete Corsair 4000D Airflow': {
    tipo: 'GABINETE',
    formatos: ['ATX', 'Micro-ATX', 'Mini-ITX'],
    largoGpuMaxMm: 360,
    alturaCoolerMaxMm: 170,
    radiadorMaxMm: 360,
  },
  'Cooler CPU DeepCool AK400': {
    tipo: 'REFRIGERACION',
    refrigeracion: 'Aire',
    socketsCompatibles: ['AM4', 'LGA1700'],
    alturaMm: 155,
    consumoW: 5,
  },
  'SSD Kingston NV2 1 TB NVMe': {
    tipo: 'ALMACENAMIENTO',
    interfaz: 'NVMe PCIe 4.0',
    formato: 'M.2 2280',
    capacidadGb: 1000,
    consumoW: 5,
  },
  'SSD Samsung 980 500 GB NVMe': {
    tipo: 'ALMACENAMIENTO',
    interfaz: 'NVMe PCIe 3.0',
    formato: 'M.2 2280',
    capacidadGb: 500,
    consumoW: 5,
  },
  'SSD Crucial BX500 480 GB SATA': {
    tipo: 'ALMACENAMIENTO',
    interfaz: 'SATA',
    formato: '2.5"',
    capacidadGb: 480,
    consumoW: 3,
  },
  'Disco duro Seagate Barracuda 2 TB': {
    tipo: 'ALMACENAMIENTO',
    interfaz: 'SATA',
    formato: '3.5"',
    capacidadGb: 2000,
    consumoW: 6,
  },
};
