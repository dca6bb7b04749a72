import { cutDe, REGIONES } from '@nexbyte/shared';

/**
 * Where each comuna of packages/shared's regions.ts stands in Chilexpress's coverage (decision
 * 036): the región's code in its georeference API (`RegionCode`), then the comuna's official code
 * (CUT, packages/shared's regions-cut.ts), which its coverage areas carry as `ineCountyCode`, and,
 * for an area without it, the name they give the comuna (`countyName`), upper case without
 * accents. The carrier's county code (e.g. 'PROV') is then read from that API once a day per
 * región; this table is what lets every comuna be looked up at all, and a test holds it to
 * regions.ts.
 */
export const REGION_CODES: Readonly<Record<string, string>> = {
  'Arica y Parinacota': 'R15',
  Tarapacá: 'R1',
  Antofagasta: 'R2',
  Atacama: 'R3',
  Coquimbo: 'R4',
  Valparaíso: 'R5',
  'Metropolitana de Santiago': 'RM',
  "Libertador General Bernardo O'Higgins": 'R6',
  Maule: 'R7',
  Ñuble: 'R16',
  Biobío: 'R8',
  'La Araucanía': 'R9',
  'Los Ríos': 'R14',
  'Los Lagos': 'R10',
  'Aysén del General Carlos Ibáñez del Campo': 'R11',
  'Magallanes y de la Antártica Chilena': 'R12',
};

/** Comunas whose coverage area is named otherwise than the comuna (the rest: the plain name). */
export const COVERAGE_NAME_OVERRIDES: Readonly<Record<string, string>> = {
  Santiago: 'SANTIAGO CENTRO',
};

/** 'Ñuñoa' → 'NUNOA', 'Concón' → 'CONCON': how the carrier spells coverage names. */
export const coverageName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

export interface CoverageKey {
  regionCode: string;
  /** The comuna's CUT: matched first against the area's `ineCountyCode`. */
  cut: number;
  /** The area's name: matched only when no area carries the CUT. */
  name: string;
}

/** The comuna's place in the carrier's coverage, or null for a comuna regions.ts does not know. */
export function coverageKeyOf(region: string, comuna: string): CoverageKey | null {
  const regionCode = REGION_CODES[region];
  const cut = cutDe(region, comuna);
  if (!regionCode || cut === null) return null;
  return { regionCode, cut, name: coverageName(COVERAGE_NAME_OVERRIDES[comuna] ?? comuna) };
}

/** Each región code's coverage areas, named and coded as the carrier's georeference API lists them. */
export function coverageAreasOf(): Record<string, { name: string; ineCountyCode: number }[]> {
  const areas: Record<string, { name: string; ineCountyCode: number }[]> = {};
  for (const region of REGIONES) {
    for (const comuna of region.comunas) {
      const key = coverageKeyOf(region.nombre, comuna)!;
      (areas[key.regionCode] ??= []).push({ name: key.name, ineCountyCode: key.cut });
    }
  }
  return areas;
}
