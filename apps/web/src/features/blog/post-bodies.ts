// The text of each post, apart from posts.ts: only the article screen needs it, and posts.ts is in
// every page's first load (the page head names the posts).

import type { BlogPostId } from '@nexbyte/shared';

/** A post body is data, never HTML, so nothing is ever injected into the page. */
export type BlogBlock =
  | { type: 'p'; text: string }
  | { type: 'h2'; text: string }
  | { type: 'ul'; items: string[] }
  | { type: 'ol'; items: string[] };

const POST_BODIES: Record<BlogPostId, BlogBlock[]> = {
  'mantenimiento-programado-v3': [
    {
      type: 'p',
      text: 'Desde 2022 ofrecemos planes de mantenimiento programado para quienes no quieren acordarse de limpiar su PC. Con lo aprendido en cientos de equipos atendidos en nuestro taller de Santiago, hoy presentamos la tercera versión de los planes: más simple de contratar, con fechas que eliges tú y un informe claro después de cada visita.',
    },
    { type: 'h2', text: 'Qué cambia en la versión 3' },
    {
      type: 'ul',
      items: [
        'Agenda tus mantenciones por adelantado: te enviamos un recordatorio por correo una semana antes de cada fecha.',
        'Cada visita termina con un informe de salud: temperaturas antes y después, estado de los discos (SMART) y recomendaciones concretas.',
        'Los equipos con plan vigente tienen prioridad en la fila del taller.',
        'Un solo plan puede cubrir varios equipos del mismo hogar u oficina.',
      ],
    },
    { type: 'h2', text: 'Los tres planes' },
    {
      type: 'ul',
      items: [
        'Plan Esencial: una mantención preventiva al año, pensada para notebooks y PC de oficina o estudio.',
        'Plan Pro: dos mantenciones al año, con cambio de pasta térmica cuando corresponde y un respaldo de datos incluido. Ideal para PC gamer y estaciones de trabajo.',
        'Plan Empresa: mantenciones trimestrales para cinco o más equipos, con un informe consolidado para tu equipo de TI.',
      ],
    },
    { type: 'h2', text: 'Qué incluye cada mantención' },
    {
      type: 'ol',
      items: [
        'Diagnóstico inicial del equipo: lo tenemos listo en 24 a 48 horas hábiles desde que lo recibimos.',
        'Limpieza interna completa: ventiladores, disipadores, filtros de polvo y fuente de poder por fuera.',
        'Revisión de temperaturas y, si hace falta, cambio de pasta térmica.',
        'Revisión de la salud de discos y memoria, y actualización de drivers y BIOS cuando hay una versión estable que lo justifique.',
        'Orden del cableado interno para mejorar el flujo de aire.',
      ],
    },
    {
      type: 'p',
      text: 'Si necesitas algo más, como una instalación o upgrade, un respaldo de datos o un formateo con sistema operativo limpio, lo cotizamos en la misma visita y no hacemos nada sin tu aprobación.',
    },
    { type: 'h2', text: 'Cómo contratar' },
    {
      type: 'p',
      text: 'Pide tu cotización desde la página de Soporte indicando cuántos equipos quieres incluir y elige Mantención preventiva como servicio. Te respondemos de Lunes a Viernes, 9:00 a 18:00. Si ya tenías un plan anterior, lo pasamos a la versión 3 sin costo en tu próxima visita.',
    },
  ],
  '7-trucos-geek-setup': [
    {
      type: 'p',
      text: 'Un buen setup no es el que tiene más luces, sino el que te deja trabajar y jugar horas sin dolor de espalda y sin pelear con los cables. Estos son los siete trucos que más recomendamos en tienda.',
    },
    { type: 'h2', text: '1. El monitor a la altura de los ojos' },
    {
      type: 'p',
      text: 'El borde superior de la pantalla debe quedar a la altura de tus ojos o un poco más abajo, a un brazo de distancia. Si tu monitor no se ajusta, un brazo articulado o un soporte elevador libera espacio en el escritorio y te obliga a sentarte derecho.',
    },
    { type: 'h2', text: '2. Cables bajo control' },
    {
      type: 'p',
      text: 'Una bandeja bajo el escritorio para la regleta, amarras de velcro (no plásticas, que se cortan y se botan) y una canaleta para bajar los cables al piso. Etiquetar cada cargador con su equipo te ahorra tiempo el día que algo falla.',
    },
    { type: 'h2', text: '3. Luz detrás de la pantalla' },
    {
      type: 'p',
      text: 'Jugar o programar a oscuras cansa la vista. Una tira LED detrás del monitor en luz blanca neutra reduce el contraste entre la pantalla y la pared. Deja los colores para el gabinete.',
    },
    { type: 'h2', text: '4. Silla y postura primero' },
    {
      type: 'ul',
      items: [
        'Pies apoyados en el piso o en un reposapiés.',
        'Codos en ángulo de unos 90 grados, a la altura del escritorio.',
        'Espalda apoyada en el respaldo, con soporte lumbar.',
        'Regla 20-20-20: cada 20 minutos mira algo a 20 pies (unos 6 metros) durante 20 segundos.',
      ],
    },
    { type: 'h2', text: '5. Un mousepad grande' },
    {
      type: 'p',
      text: 'Un mousepad extendido que cubra teclado y mouse mantiene todo en su lugar, protege el escritorio y da más espacio para movimientos amplios en juegos con sensibilidad baja.',
    },
    { type: 'h2', text: '6. Audio con su propio lugar' },
    {
      type: 'p',
      text: 'Un soporte para audífonos evita que el cable se doble y que terminen en el suelo. Si haces streaming o muchas videollamadas, un brazo para el micrófono lo acerca a tu boca y aleja los ruidos del teclado.',
    },
    { type: 'h2', text: '7. Energía protegida y aire para el PC' },
    {
      type: 'p',
      text: 'Conecta el PC a una regleta con protección contra sobretensión o, mejor aún, a una UPS: un corte de luz en medio de una actualización puede dañar el sistema. Y no encierres el gabinete en un mueble cerrado: necesita al menos 10 cm libres atrás y a los lados para respirar.',
    },
    {
      type: 'p',
      text: '¿Quieres ordenar también el interior de tu PC? En nuestra mantención preventiva reordenamos el cableado interno para que el aire circule mejor.',
    },
  ],
  'guia-componentes-pc-2025': [
    {
      type: 'p',
      text: 'Armar un PC es más fácil de lo que parece si eliges las piezas en el orden correcto y con un objetivo claro. Esta guía resume lo que recomendamos en tienda en 2025 para que tu presupuesto rinda sin cuellos de botella.',
    },
    { type: 'h2', text: 'Empieza por el uso y el presupuesto' },
    {
      type: 'p',
      text: 'No es lo mismo un PC para estudiar y ofimática que uno para jugar en 1440p o editar video. Define primero para qué lo usarás y a qué resolución jugarás: eso decide cuánto del presupuesto va a la tarjeta de video, que en un PC gamer suele ser entre un tercio y la mitad del total.',
    },
    { type: 'h2', text: 'Procesador y placa madre' },
    {
      type: 'p',
      text: 'AMD AM5 (Ryzen 7000 y 9000) e Intel LGA1851 (Core Ultra 200S) son las plataformas actuales y usan solo memoria DDR5. AM5 tiene la ventaja de que AMD promete soporte para futuras generaciones, lo que facilita cambiar solo el procesador más adelante. Para jugar, seis u ocho núcleos modernos son suficientes; para edición y render, más núcleos sí se notan.',
    },
    {
      type: 'p',
      text: 'En la placa madre fíjate en el chipset, en la calidad del VRM si tu procesador es de gama alta, en la cantidad de ranuras M.2 y en que tenga los puertos USB que necesitas. PCIe 5.0 todavía no marca una diferencia real en juegos.',
    },
    { type: 'h2', text: 'Memoria RAM' },
    {
      type: 'ul',
      items: [
        '16 GB alcanzan para ofimática y estudio; 32 GB son el punto ideal para jugar y trabajar con varias aplicaciones abiertas.',
        'Usa siempre dos módulos iguales (por ejemplo 2 × 16 GB) para aprovechar el doble canal.',
        'En AM5, DDR5 a 6000 MT/s con latencia CL30 o CL32 es la combinación más equilibrada.',
        'Activa el perfil EXPO o XMP en la BIOS: sin él, la memoria funciona a una velocidad menor a la que compraste.',
      ],
    },
    { type: 'h2', text: 'Tarjeta de video' },
    {
      type: 'p',
      text: 'Para 1080p, una tarjeta de gama media con 8 GB de memoria todavía cumple, aunque ya se queda corta en juegos nuevos con texturas altas. Para 1440p recomendamos 12 GB o más, y para 4K, 16 GB. Revisa el largo de la tarjeta y compáralo con el espacio de tu gabinete antes de comprar.',
    },
    { type: 'h2', text: 'Almacenamiento' },
    {
      type: 'p',
      text: 'Un SSD NVMe PCIe 4.0 de 1 TB es el mínimo razonable para el sistema y los programas; los juegos actuales pesan entre 50 y 150 GB, así que para jugar conviene partir con 2 TB. Un disco duro tradicional sigue siendo útil para respaldos y archivos grandes, pero no para instalar juegos.',
    },
    { type: 'h2', text: 'Fuente de poder y gabinete' },
    {
      type: 'p',
      text: 'La fuente es la pieza que protege a todas las demás: elige una marca reconocida con certificación 80 Plus Gold y deja un margen de 30 a 40 % sobre el consumo estimado. Las tarjetas de video nuevas usan el conector 12V-2x6, que traen de fábrica las fuentes ATX 3.1. En el gabinete prioriza un frontal con malla y al menos dos ventiladores de entrada.',
    },
    { type: 'h2', text: 'Antes de comprar, revisa la compatibilidad' },
    {
      type: 'ul',
      items: [
        'Socket del procesador igual al de la placa madre.',
        'Tipo de memoria (DDR4 o DDR5) soportado por la placa.',
        'Largo de la tarjeta de video y altura del disipador frente a las medidas del gabinete.',
        'Potencia y conectores de la fuente frente a lo que pide la tarjeta de video.',
        'BIOS de la placa actualizada para el procesador que elegiste.',
      ],
    },
    {
      type: 'p',
      text: '¿Prefieres que lo armemos nosotros? Nuestro servicio de instalación o upgrade incluye el armado, la gestión de cables y las pruebas de temperatura y estabilidad.',
    },
  ],
  'mantenimiento-preventivo': [
    {
      type: 'p',
      text: 'La mayoría de los equipos que llegan a nuestro taller con apagones repentinos, ruido o lentitud no tienen una pieza dañada: tienen polvo. El polvo tapa los disipadores, el procesador se calienta, baja su velocidad para protegerse y los ventiladores giran al máximo. Un mantenimiento preventivo a tiempo evita todo eso y alarga la vida de tus componentes.',
    },
    { type: 'h2', text: '¿Cada cuánto hacerlo?' },
    {
      type: 'ul',
      items: [
        'Cada 6 meses en un uso normal de hogar u oficina.',
        'Cada 3 meses si tienes mascotas, alfombras, fumas cerca del equipo o el PC está en el suelo.',
        'Cambio de pasta térmica cada 2 o 3 años, o antes si las temperaturas suben sin motivo.',
      ],
    },
    { type: 'h2', text: 'Lo que necesitas' },
    {
      type: 'ul',
      items: [
        'Destornillador de cruz (Phillips) del tamaño adecuado.',
        'Aire comprimido o un soplador eléctrico, y una brocha de cerdas suaves.',
        'Alcohol isopropílico de 99 % y paños de microfibra o filtros de café.',
        'Pasta térmica de buena calidad si vas a desmontar el disipador.',
        'Una pulsera antiestática, o tocar una parte metálica del gabinete antes de empezar.',
      ],
    },
    { type: 'h2', text: 'Paso a paso' },
    {
      type: 'ol',
      items: [
        'Respalda tus archivos importantes antes de tocar el equipo.',
        'Apaga el PC, desconéctalo de la corriente y mantén presionado el botón de encendido unos segundos para descargar la energía restante.',
        'Llévalo a un lugar ventilado, idealmente fuera de la casa, para no llenar la pieza de polvo.',
        'Retira y lava los filtros de polvo; déjalos secar por completo antes de volver a instalarlos.',
        'Sujeta las aspas de cada ventilador con un dedo y limpia con aire a ráfagas cortas: si giran libremente pueden generar corriente y dañarse.',
        'Limpia las aletas del disipador del procesador y de la tarjeta de video, y el ventilador de la fuente por fuera. Nunca abras la fuente de poder.',
        'Revisa que todos los cables estén firmes y que ninguno roce un ventilador.',
        'Cierra el gabinete, conéctalo y revisa que todo arranque con normalidad.',
      ],
    },
    { type: 'h2', text: 'No olvides el software' },
    {
      type: 'p',
      text: 'El mantenimiento también es digital: instala las actualizaciones del sistema operativo, actualiza los drivers de la tarjeta de video, desinstala los programas que ya no usas y revisa la salud de tus discos con una herramienta que lea los datos SMART. Un disco con sectores reasignados en aumento es un aviso para respaldar y reemplazarlo.',
    },
    { type: 'h2', text: 'Señales de que tu PC lo necesita' },
    {
      type: 'ul',
      items: [
        'Los ventiladores suenan más fuerte que antes.',
        'El equipo se apaga o se reinicia solo durante juegos o tareas pesadas.',
        'Las temperaturas del procesador superan los 90 °C con carga.',
        'Ves polvo acumulado en las rejillas de entrada de aire.',
      ],
    },
    {
      type: 'p',
      text: 'Si prefieres no abrir tu equipo, en Nexbyte lo hacemos por ti: solicita una mantención preventiva desde la página de Soporte y te entregamos el diagnóstico en 24 a 48 horas hábiles.',
    },
  ],
};

/** The body of the post `id`; none for a post that is not one of the shop's. */
export function postBody(id: string): BlogBlock[] {
  return Object.hasOwn(POST_BODIES, id) ? POST_BODIES[id as BlogPostId] : [];
}
