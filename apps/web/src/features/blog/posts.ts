// The shop's blog is fixed content shipped with the app (docs/product.md#blog): no API call. The posts'
// bodies live in post-bodies.ts, loaded only by the article screen: every page's head reads this file.

import { BLOG_POST_INDEX, type BlogPostId } from '@nexbyte/shared';

export const BLOG_CATEGORIES = ['Mantenimiento', 'Guías', 'Noticias'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export interface BlogPost {
  id: string;
  title: string;
  author: string;
  /** ISO 8601 with Chile's offset, so the shown day is the same in every time zone. */
  date: string;
  category: BlogCategory;
  summary: string;
  image: string;
  imageAlt: string;
}

/** Each post's heading data; which posts exist, in which order and from which day is BLOG_POST_INDEX. */
const POST_CONTENT: Record<BlogPostId, Omit<BlogPost, 'id' | 'date'>> = {
  'mantenimiento-programado-v3': {
    title: 'Llegan los planes de mantenimiento programado v3',
    author: 'Equipo Nexbyte',
    category: 'Noticias',
    summary:
      'Renovamos nuestros planes de mantención: visitas agendadas, recordatorios por correo, informe de salud de tu equipo y prioridad en el taller.',
    image: '/img/blog/mantenimiento-programado-v3.svg',
    imageAlt: 'Calendario con días marcados junto a un engranaje con la etiqueta v3',
  },
  '7-trucos-geek-setup': {
    title: '7 trucos para un setup geek cómodo y ordenado',
    author: 'Camila Fuentes',
    category: 'Guías',
    summary:
      'Altura del monitor, cables bajo control, buena luz y energía protegida: siete cambios simples que hacen tu escritorio más cómodo y tu PC más duradero.',
    image: '/img/blog/7-trucos-geek-setup.svg',
    imageAlt: 'Escritorio con monitor, teclado, parlante y una lámpara',
  },
  'guia-componentes-pc-2025': {
    title: 'Guía de componentes para armar tu PC en 2025',
    author: 'Valentina Rojas',
    category: 'Guías',
    summary:
      'Procesador, placa madre, memoria, tarjeta de video, almacenamiento y fuente: qué mirar en cada pieza para armar un PC equilibrado este año.',
    image: '/img/blog/guia-componentes-pc-2025.svg',
    imageAlt: 'Placa madre con procesador, memorias y tarjeta de video',
  },
  'mantenimiento-preventivo': {
    title: 'Mantenimiento preventivo: cómo alargar la vida de tu PC',
    author: 'Diego Muñoz',
    category: 'Mantenimiento',
    summary:
      'El polvo y el calor son los enemigos silenciosos de tu equipo. Te contamos cada cuánto limpiarlo, qué herramientas usar y cómo hacerlo paso a paso.',
    image: '/img/blog/mantenimiento-preventivo.svg',
    imageAlt: 'Gabinete de PC abierto con su ventilador y una brocha de limpieza',
  },
};

/** Newest first: the list shows them in this order, and previous/next follow it. */
export const BLOG_POSTS: readonly BlogPost[] = BLOG_POST_INDEX.map(({ id, date }) => ({
  id,
  date,
  ...POST_CONTENT[id],
}));

export function findPost(id: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.id === id);
}

/** The posts before and after one, in list order; none past either end. */
export function adjacentPosts(
  posts: readonly BlogPost[],
  id: string,
): { previous?: BlogPost; next?: BlogPost } {
  const index = posts.findIndex((post) => post.id === id);
  if (index === -1) return {};
  return { previous: posts[index - 1], next: posts[index + 1] };
}
