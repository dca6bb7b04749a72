/**
 * Specification names the admin form suggests per category (by the category's name), so that
 * products of one kind share names and the list's facets can group them. Only suggestions: any
 * name may be written, and a category not listed here gets the general ones.
 */
export const SPEC_SUGGESTIONS: Readonly<Record<string, readonly string[]>> = {
  Periféricos: ['Conexión', 'Sensor', 'DPI', 'Switches', 'Distribución', 'Iluminación'],
  Componentes: ['Socket', 'Núcleos', 'Memoria', 'Tipo de memoria', 'Potencia', 'Formato'],
  Accesorios: ['Material', 'Largo', 'Puertos', 'Compatibilidad', 'Color'],
  Almacenamiento: ['Capacidad', 'Interfaz', 'Formato', 'Lectura', 'Escritura'],
  Monitores: ['Tamaño', 'Resolución', 'Frecuencia', 'Panel', 'Tiempo de respuesta'],
  Notebooks: ['Procesador', 'Memoria RAM', 'Almacenamiento', 'Pantalla', 'Tarjeta de video'],
  Redes: ['Estándar', 'Velocidad', 'Puertos', 'Bandas', 'Largo'],
  Audio: ['Conexión', 'Tipo', 'Micrófono', 'Potencia', 'Respuesta de frecuencia'],
};

/** For a category with no list of its own. */
export const SPEC_SUGGESTIONS_GENERAL = ['Modelo', 'Color', 'Dimensiones', 'Peso', 'Garantía'];

export const specSuggestionsFor = (categoria: string | null | undefined): readonly string[] =>
  (categoria ? SPEC_SUGGESTIONS[categoria] : undefined) ?? SPEC_SUGGESTIONS_GENERAL;

/** GET /productos/facetas stays small whatever the catalogue holds. */
export const FACET_BRANDS_MAX = 20;
export const FACET_SPEC_NAMES_MAX = 6;
export const FACET_SPEC_VALUES_MAX = 8;
