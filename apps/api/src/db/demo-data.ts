import { DEMO_PART_SPECS, DEMO_PC_PARTS } from './demo-pc-parts';

/**
 * The demo catalogue: realistic products with Chilean prices, so that a fresh shop can be browsed,
 * filtered and bought from. A few have low stock, a few none, one is inactive.
 */
export interface DemoProduct {
  nombre: string;
  descripcion: string | null;
  precio: number;
  stock: number;
  categoria: string;
  activo?: boolean;
  conImagen?: boolean;
}

export const DEMO_CATEGORIAS = [
  { nombre: 'Periféricos', imagen: 'perifericos' },
  { nombre: 'Componentes', imagen: 'componentes' },
  { nombre: 'Accesorios', imagen: 'accesorios' },
  { nombre: 'Almacenamiento', imagen: 'almacenamiento' },
  { nombre: 'Monitores', imagen: 'monitores' },
  { nombre: 'Notebooks', imagen: 'notebooks' },
  { nombre: 'Redes', imagen: 'redes' },
  { nombre: 'Audio', imagen: 'audio' },
] as const;

export const DEMO_PRODUCTOS: DemoProduct[] = [
  // The PC builder's parts first, so the shop's newest products stay the ones it always showed.
  ...DEMO_PC_PARTS.map(({ nombre, descripcion, precio, stock }) => ({
    nombre,
    descripcion,
    precio,
    stock,
    categoria: 'Componentes',
  })),
  {
    nombre: 'Mouse Logitech G203 Lightsync',
    descripcion:
      'Mouse gamer de 8.000 DPI con iluminación RGB de tres zonas y seis botones programables.',
    precio: 19990,
    stock: 35,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Teclado mecánico Redragon Kumara K552',
    descripcion:
      'Teclado TKL con switches Outemu Red, retroiluminación roja y estructura metálica.',
    precio: 34990,
    stock: 22,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Mouse inalámbrico Logitech M185',
    descripcion: 'Mouse compacto con receptor USB nano y hasta 12 meses de batería.',
    precio: 9990,
    stock: 60,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Teclado Logitech K380 Bluetooth',
    descripcion: 'Teclado multidispositivo en español, se conecta hasta a tres equipos.',
    precio: 32990,
    stock: 4,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Mouse Razer DeathAdder Essential',
    descripcion: 'Sensor óptico de 6.400 DPI y diseño ergonómico para diestros.',
    precio: 24990,
    stock: 18,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Combo teclado y mouse Genius KM-8200',
    descripcion: 'Set inalámbrico silencioso para oficina y hogar.',
    precio: 21990,
    stock: 12,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Webcam Logitech C920 Full HD',
    descripcion: 'Cámara 1080p a 30 fps con dos micrófonos estéreo, ideal para videollamadas.',
    precio: 64990,
    stock: 9,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Mousepad XL HyperX Fury S',
    descripcion: 'Superficie de tela de 900 × 420 mm con bordes cosidos.',
    precio: 17990,
    stock: 0,
    categoria: 'Periféricos',
  },
  {
    nombre: 'Procesador AMD Ryzen 5 5600',
    descripcion:
      'Seis núcleos y doce hilos, hasta 4,4 GHz, socket AM4. Incluye disipador Wraith Stealth.',
    precio: 109990,
    stock: 14,
    categoria: 'Componentes',
  },
  {
    nombre: 'Procesador Intel Core i5-12400F',
    descripcion:
      'Seis núcleos de rendimiento, hasta 4,4 GHz, socket LGA1700. Requiere tarjeta de video.',
    precio: 119990,
    stock: 3,
    categoria: 'Componentes',
  },
  {
    nombre: 'Tarjeta de video GeForce RTX 4060 8 GB',
    descripcion: 'DLSS 3 y trazado de rayos para jugar en 1080p con todo al máximo.',
    precio: 329990,
    stock: 6,
    categoria: 'Componentes',
  },
  {
    nombre: 'Tarjeta de video Radeon RX 7600 8 GB',
    descripcion: 'GDDR6 de 128 bits, excelente relación precio/rendimiento en 1080p.',
    precio: 289990,
    stock: 5,
    categoria: 'Componentes',
  },
  {
    nombre: 'Memoria RAM Kingston Fury Beast 16 GB DDR4 3200',
    descripcion: 'Kit de 2 × 8 GB con disipador de bajo perfil y perfil XMP.',
    precio: 39990,
    stock: 40,
    categoria: 'Componentes',
  },
  {
    nombre: 'Memoria RAM Corsair Vengeance 32 GB DDR5 5600',
    descripcion: 'Kit de 2 × 16 GB optimizado para Intel XMP 3.0 y AMD EXPO.',
    precio: 99990,
    stock: 11,
    categoria: 'Componentes',
  },
  {
    nombre: 'Placa madre ASUS Prime B550M-A',
    descripcion: 'Micro-ATX para Ryzen, PCIe 4.0, dos ranuras M.2 y Wi-Fi opcional.',
    precio: 99990,
    stock: 8,
    categoria: 'Componentes',
  },
  {
    nombre: 'Fuente de poder EVGA 600 W 80 Plus',
    descripcion: 'Fuente ATX con certificación 80 Plus White y ventilador de 120 mm.',
    precio: 49990,
    stock: 16,
    categoria: 'Componentes',
  },
  {
    nombre: 'Gabinete Corsair 4000D Airflow',
    descripcion: 'Mid tower con panel frontal perforado, vidrio templado y dos ventiladores.',
    precio: 94990,
    stock: 7,
    categoria: 'Componentes',
  },
  {
    nombre: 'Cooler CPU DeepCool AK400',
    descripcion: 'Disipador por aire de cuatro heatpipes, compatible con Intel y AMD.',
    precio: 32990,
    stock: 0,
    categoria: 'Componentes',
  },
  {
    nombre: 'Pasta térmica Arctic MX-4 4 g',
    descripcion: 'Compuesto térmico de alto rendimiento, no conductor y de larga duración.',
    precio: 7990,
    stock: 80,
    categoria: 'Accesorios',
  },
  {
    nombre: 'Kit de limpieza para PC y notebooks',
    descripcion: 'Incluye aire comprimido, brochas antiestáticas, paños de microfibra y limpiador.',
    precio: 12990,
    stock: 25,
    categoria: 'Accesorios',
  },
  {
    nombre: 'Cable HDMI 2.1 de 2 metros',
    descripcion: 'Compatible con 4K a 120 Hz y 8K a 60 Hz, conectores bañados en oro.',
    precio: 8990,
    stock: 50,
    categoria: 'Accesorios',
  },
  {
    nombre: 'Hub USB-C 7 en 1',
    descripcion: 'HDMI 4K, tres USB-A 3.0, lector SD y microSD y carga PD de 100 W.',
    precio: 27990,
    stock: 13,
    categoria: 'Accesorios',
  },
  {
    nombre: 'Base refrigerante para notebook',
    descripcion: 'Cinco ventiladores silenciosos, altura regulable y dos puertos USB.',
    precio: 19990,
    stock: 2,
    categoria: 'Accesorios',
  },
  {
    nombre: 'Pulsera antiestática',
    descripcion: 'Protege los componentes de descargas electrostáticas al armar o reparar un PC.',
    precio: 3990,
    stock: 45,
    categoria: 'Accesorios',
    conImagen: false,
  },
  {
    nombre: 'Soporte de monitor a escritorio',
    descripcion: 'Brazo articulado con resorte a gas para monitores de 17 a 32 pulgadas.',
    precio: 29990,
    stock: 10,
    categoria: 'Accesorios',
  },
  {
    nombre: 'SSD Kingston NV2 1 TB NVMe',
    descripcion: 'Unidad M.2 PCIe 4.0 con lectura de hasta 3.500 MB/s.',
    precio: 54990,
    stock: 30,
    categoria: 'Almacenamiento',
  },
  {
    nombre: 'SSD Samsung 980 500 GB NVMe',
    descripcion: 'M.2 PCIe 3.0 con lectura de hasta 3.100 MB/s y software Samsung Magician.',
    precio: 44990,
    stock: 17,
    categoria: 'Almacenamiento',
  },
  {
    nombre: 'SSD Crucial BX500 480 GB SATA',
    descripcion: 'La mejora más simple para revivir un PC o notebook antiguo.',
    precio: 29990,
    stock: 28,
    categoria: 'Almacenamiento',
  },
  {
    nombre: 'Disco duro Seagate Barracuda 2 TB',
    descripcion: 'HDD de 3,5 pulgadas a 7.200 RPM para respaldos y bibliotecas de juegos.',
    precio: 59990,
    stock: 9,
    categoria: 'Almacenamiento',
  },
  {
    nombre: 'Disco externo WD Elements 1 TB USB 3.0',
    descripcion: 'Almacenamiento portátil plug and play para respaldar tus archivos.',
    precio: 52990,
    stock: 1,
    categoria: 'Almacenamiento',
  },
  {
    nombre: 'Pendrive Kingston DataTraveler 64 GB',
    descripcion: 'USB 3.2 con tapa, ideal para instalar sistemas operativos.',
    precio: 6990,
    stock: 70,
    categoria: 'Almacenamiento',
  },
  {
    nombre: 'Monitor Samsung 24" IPS 75 Hz',
    descripcion: 'Panel Full HD sin bordes con AMD FreeSync y modo de protección ocular.',
    precio: 109990,
    stock: 12,
    categoria: 'Monitores',
  },
  {
    nombre: 'Monitor LG UltraGear 27" 144 Hz',
    descripcion: 'Panel IPS QHD de 1 ms con G-Sync Compatible y HDR10.',
    precio: 249990,
    stock: 5,
    categoria: 'Monitores',
  },
  {
    nombre: 'Monitor AOC 22" Full HD',
    descripcion: 'Panel VA de 75 Hz con entradas HDMI y VGA, perfecto para oficina.',
    precio: 79990,
    stock: 15,
    categoria: 'Monitores',
  },
  {
    nombre: 'Monitor curvo Xiaomi 34" WQHD',
    descripcion: 'Ultrawide 21:9 de 144 Hz con curvatura 1500R.',
    precio: 329990,
    stock: 4,
    categoria: 'Monitores',
  },
  {
    nombre: 'Notebook Lenovo IdeaPad 3 Ryzen 5',
    descripcion: 'Pantalla 15,6" Full HD, 8 GB de RAM y SSD de 512 GB.',
    precio: 449990,
    stock: 6,
    categoria: 'Notebooks',
  },
  {
    nombre: 'Notebook HP 14 Intel Core i3',
    descripcion: 'Liviano y con batería para todo el día; 8 GB de RAM y SSD de 256 GB.',
    precio: 379990,
    stock: 8,
    categoria: 'Notebooks',
  },
  {
    nombre: 'Notebook ASUS TUF Gaming F15',
    descripcion: 'Core i5, RTX 3050, pantalla de 144 Hz y 16 GB de RAM.',
    precio: 799990,
    stock: 3,
    categoria: 'Notebooks',
  },
  {
    nombre: 'Notebook Acer Aspire 5 Core i7',
    descripcion: 'Pantalla 15,6" IPS, 16 GB de RAM y SSD de 1 TB para trabajo exigente.',
    precio: 699990,
    stock: 0,
    categoria: 'Notebooks',
    activo: false,
  },
  {
    nombre: 'Router TP-Link Archer AX23 Wi-Fi 6',
    descripcion: 'Doble banda AX1800 con cuatro antenas y control parental.',
    precio: 54990,
    stock: 14,
    categoria: 'Redes',
  },
  {
    nombre: 'Adaptador Wi-Fi USB TP-Link Archer T3U',
    descripcion: 'AC1300 doble banda, conecta tu PC de escritorio sin cables.',
    precio: 16990,
    stock: 20,
    categoria: 'Redes',
  },
  {
    nombre: 'Switch TP-Link 8 puertos Gigabit',
    descripcion: 'Carcasa metálica, sin configuración y con ahorro de energía.',
    precio: 24990,
    stock: 11,
    categoria: 'Redes',
  },
  {
    nombre: 'Cable de red Cat 6 de 5 metros',
    descripcion: 'Cable UTP con conectores RJ45 para conexiones de hasta 1 Gbps.',
    precio: 4990,
    stock: 55,
    categoria: 'Redes',
    conImagen: false,
  },
  {
    nombre: 'Audífonos HyperX Cloud Stinger 2',
    descripcion: 'Audífonos gamer livianos con micrófono que se silencia al levantarlo.',
    precio: 44990,
    stock: 19,
    categoria: 'Audio',
  },
  {
    nombre: 'Parlantes Logitech Z313 2.1',
    descripcion: 'Sistema con subwoofer de 25 W RMS y control remoto cableado.',
    precio: 49990,
    stock: 7,
    categoria: 'Audio',
  },
  {
    nombre: 'Micrófono USB Fifine K669B',
    descripcion: null,
    precio: 29990,
    stock: 16,
    categoria: 'Audio',
  },
];

/** A demo product's brand, SKU and specification sheet. */
export interface DemoFicha {
  marca: string | null;
  /** Empty: the database gives NB-{id}, as for a product saved without one. */
  sku: string;
  /** In the order the product page lists them. */
  especificaciones: Record<string, string>;
}

const ficha = (
  marca: string | null,
  sku: string,
  especificaciones: Record<string, string>,
): DemoFicha => ({ marca, sku, especificaciones });

/**
 * By product name. Names follow SPEC_SUGGESTIONS, and several products share values, so the
 * list's filters have something to count.
 */
// prettier-ignore
export const DEMO_FICHAS: Record<string, DemoFicha> = {
  ...Object.fromEntries(DEMO_PC_PARTS.map((p) => [p.nombre, ficha(p.marca, p.sku, p.especificaciones)])),
  'Mouse Logitech G203 Lightsync': ficha('Logitech', 'LOG-G203', { Conexión: 'USB', DPI: '8.000', Iluminación: 'RGB' }),
  'Teclado mecánico Redragon Kumara K552': ficha('Redragon', 'RDG-K552', { Conexión: 'USB', Switches: 'Outemu Red', Distribución: 'Inglés' }),
  'Mouse inalámbrico Logitech M185': ficha('Logitech', 'LOG-M185', { Conexión: 'Inalámbrica', DPI: '1.000' }),
  'Teclado Logitech K380 Bluetooth': ficha('Logitech', 'LOG-K380', { Conexión: 'Bluetooth', Distribución: 'Español' }),
  'Mouse Razer DeathAdder Essential': ficha('Razer', 'RZR-DAE', { Conexión: 'USB', DPI: '6.400' }),
  'Combo teclado y mouse Genius KM-8200': ficha('Genius', 'GEN-KM8200', { Conexión: 'Inalámbrica', Distribución: 'Español' }),
  'Webcam Logitech C920 Full HD': ficha('Logitech', 'LOG-C920', { Conexión: 'USB', Resolución: '1080p' }),
  'Mousepad XL HyperX Fury S': ficha('HyperX', 'HPX-FURYS-XL', { Tamaño: '900 × 420 mm' }),
  'Procesador AMD Ryzen 5 5600': ficha('AMD', 'AMD-R5-5600', { Socket: 'AM4', Núcleos: '6' }),
  'Procesador Intel Core i5-12400F': ficha('Intel', 'INT-I5-12400F', { Socket: 'LGA1700', Núcleos: '6' }),
  'Tarjeta de video GeForce RTX 4060 8 GB': ficha('NVIDIA', 'NV-RTX4060-8G', { Memoria: '8 GB', 'Tipo de memoria': 'GDDR6' }),
  'Tarjeta de video Radeon RX 7600 8 GB': ficha('AMD', 'AMD-RX7600-8G', { Memoria: '8 GB', 'Tipo de memoria': 'GDDR6' }),
  'Memoria RAM Kingston Fury Beast 16 GB DDR4 3200': ficha('Kingston', 'KNG-FB16-D4', { Memoria: '16 GB', 'Tipo de memoria': 'DDR4' }),
  'Memoria RAM Corsair Vengeance 32 GB DDR5 5600': ficha('Corsair', 'COR-V32-D5', { Memoria: '32 GB', 'Tipo de memoria': 'DDR5' }),
  'Placa madre ASUS Prime B550M-A': ficha('ASUS', 'ASU-B550MA', { Socket: 'AM4', Formato: 'Micro-ATX' }),
  'Fuente de poder EVGA 600 W 80 Plus': ficha('EVGA', 'EVG-600W', { Potencia: '600 W' }),
  'Gabinete Corsair 4000D Airflow': ficha('Corsair', 'COR-4000D', { Formato: 'ATX' }),
  'Cooler CPU DeepCool AK400': ficha('DeepCool', 'DPC-AK400', { Socket: 'AM4 y LGA1700' }),
  'Pasta térmica Arctic MX-4 4 g': ficha('Arctic', 'ARC-MX4-4G', { Compatibilidad: 'CPU y GPU' }),
  'Kit de limpieza para PC y notebooks': ficha(null, '', {}),
  'Cable HDMI 2.1 de 2 metros': ficha('Ugreen', 'UGR-HDMI21-2M', { Largo: '2 m' }),
  'Hub USB-C 7 en 1': ficha('Ugreen', 'UGR-HUB7', { Puertos: '7' }),
  'Base refrigerante para notebook': ficha('Cooler Master', 'CM-NOTEPAL', { Compatibilidad: 'Notebooks hasta 17"' }),
  'Pulsera antiestática': ficha(null, '', {}),
  'Soporte de monitor a escritorio': ficha('Klip Xtreme', 'KX-SOPORTE', { Compatibilidad: 'Monitores de 17" a 32"' }),
  'SSD Kingston NV2 1 TB NVMe': ficha('Kingston', 'KNG-NV2-1TB', { Capacidad: '1 TB', Interfaz: 'NVMe', Formato: 'M.2 2280' }),
  'SSD Samsung 980 500 GB NVMe': ficha('Samsung', 'SAM-980-500', { Capacidad: '500 GB', Interfaz: 'NVMe', Formato: 'M.2 2280' }),
  'SSD Crucial BX500 480 GB SATA': ficha('Crucial', 'CRU-BX500-480', { Capacidad: '480 GB', Interfaz: 'SATA', Formato: '2,5"' }),
  'Disco duro Seagate Barracuda 2 TB': ficha('Seagate', 'SEA-BARRA-2TB', { Capacidad: '2 TB', Interfaz: 'SATA', Formato: '3,5"' }),
  'Disco externo WD Elements 1 TB USB 3.0': ficha('WD', 'WD-ELEM-1TB', { Capacidad: '1 TB', Interfaz: 'USB 3.0', Formato: 'Externo' }),
  'Pendrive Kingston DataTraveler 64 GB': ficha('Kingston', 'KNG-DT-64', { Capacidad: '64 GB', Interfaz: 'USB 3.2', Formato: 'Pendrive' }),
  'Monitor Samsung 24" IPS 75 Hz': ficha('Samsung', 'SAM-24-IPS75', { Tamaño: '24"', Resolución: '1920 × 1080', Frecuencia: '75 Hz', Panel: 'IPS' }),
  'Monitor LG UltraGear 27" 144 Hz': ficha('LG', 'LG-27GN-144', { Tamaño: '27"', Resolución: '2560 × 1440', Frecuencia: '144 Hz', Panel: 'IPS' }),
  'Monitor AOC 22" Full HD': ficha('AOC', 'AOC-22B2H', { Tamaño: '22"', Resolución: '1920 × 1080', Frecuencia: '75 Hz', Panel: 'VA' }),
  'Monitor curvo Xiaomi 34" WQHD': ficha('Xiaomi', 'XIA-34-WQHD', { Tamaño: '34"', Resolución: '3440 × 1440', Frecuencia: '144 Hz', Panel: 'VA' }),
  'Notebook Lenovo IdeaPad 3 Ryzen 5': ficha('Lenovo', 'LEN-IP3-R5', { Procesador: 'AMD Ryzen 5 5500U', 'Memoria RAM': '8 GB', Almacenamiento: '512 GB SSD', Pantalla: '15,6"' }),
  'Notebook HP 14 Intel Core i3': ficha('HP', 'HP-14-I3', { Procesador: 'Intel Core i3-1215U', 'Memoria RAM': '8 GB', Almacenamiento: '256 GB SSD', Pantalla: '14"' }),
  'Notebook ASUS TUF Gaming F15': ficha('ASUS', 'ASU-TUF-F15', { Procesador: 'Intel Core i5-11400H', 'Memoria RAM': '16 GB', Almacenamiento: '512 GB SSD', Pantalla: '15,6"', 'Tarjeta de video': 'GeForce RTX 3050' }),
  'Notebook Acer Aspire 5 Core i7': ficha('Acer', 'ACE-A5-I7', { Procesador: 'Intel Core i7-1255U', 'Memoria RAM': '16 GB', Almacenamiento: '512 GB SSD', Pantalla: '15,6"' }),
  'Router TP-Link Archer AX23 Wi-Fi 6': ficha('TP-Link', 'TPL-AX23', { Estándar: 'Wi-Fi 6', Bandas: 'Doble banda' }),
  'Adaptador Wi-Fi USB TP-Link Archer T3U': ficha('TP-Link', 'TPL-T3U', { Estándar: 'Wi-Fi 5', Bandas: 'Doble banda' }),
  'Switch TP-Link 8 puertos Gigabit': ficha('TP-Link', 'TPL-SG108', { Puertos: '8', Velocidad: '1 Gbps' }),
  'Cable de red Cat 6 de 5 metros': ficha('TP-Link', 'TPL-CAT6-5M', { Largo: '5 m', Velocidad: '1 Gbps' }),
  'Audífonos HyperX Cloud Stinger 2': ficha('HyperX', 'HPX-CS2', { Conexión: '3,5 mm', Tipo: 'Over-ear', Micrófono: 'Sí' }),
  'Parlantes Logitech Z313 2.1': ficha('Logitech', 'LOG-Z313', { Conexión: '3,5 mm', Tipo: '2.1', Potencia: '25 W' }),
  'Micrófono USB Fifine K669B': ficha('Fifine', 'FIF-K669B', { Conexión: 'USB', Tipo: 'Condensador' }),
};

/** The brand, SKU and specifications a demo product is saved with. */
export function demoFichaOf(nombre: string) {
  const f = DEMO_FICHAS[nombre] ?? ficha(null, '', {});
  return {
    marca: f.marca,
    sku: f.sku,
    especificaciones: Object.entries(f.especificaciones).map(([n, valor]) => ({
      nombre: n,
      valor,
    })),
    /** A PC part's typed specification (decision 032); null for anything else. */
    componente:
      DEMO_PC_PARTS.find((p) => p.nombre === nombre)?.componente ?? DEMO_PART_SPECS[nombre] ?? null,
  };
}

/** The spec's three coupons (docs/product.md#business-rules, labels in #coupons), with no dates or limits. */
export const DEMO_CUPONES = [
  { codigo: 'NEX10', tipo: 'percent', valor: 10, label: '10% de descuento' },
  { codigo: 'NEX5K', tipo: 'amount', valor: 5000, label: '$5.000 de descuento' },
  { codigo: 'ENVIO0', tipo: 'shipping', valor: 0, label: 'Envío gratis' },
] as const;

/** The demo shop's pickup point, on; a clean install has none (pickup off). */
export const DEMO_RETIRO = {
  activo: true,
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Av. Providencia 1234, local 5',
  horario: 'Lunes a Viernes, 9:00 a 18:00',
} as const;
