import { AIRPORT_PLACES } from './airport-places';

/** At most this many airports stand for one place word (a city has a handful). */
export const PLACE_MATCH_LIMIT = 200;

/** Lower case without accents: 'São Paulo' and 'sao paulo' read alike. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

type Entry = { code: string; city: string; name: string };
let index: Entry[] | null = null;

function entries(): Entry[] {
  index ??= Object.entries(AIRPORT_PLACES).map(([code, [name, city]]) => ({
    code,
    city: ` ${fold(city)}`,
    name: ` ${fold(name)}`,
  }));
  return index;
}

/**
 * The airports a search term names by their city or their own name ('London' -> LHR, LGW, LCY,
 * STN, LTN, …; 'New York' -> JFK, LGA, …; 'Heathrow' -> LHR), server-side from the generated
 * data (scripts/update-airports.mjs). The term matches at the start of a word of the city or
 * name, so 'york' finds New York but 'ondon' nothing. Terms under four characters name codes
 * and flight numbers, not places: none. Cities first, then names; at most PLACE_MATCH_LIMIT.
 */
export function airportsNamed(term: string): string[] {
  const folded = fold(term);
  if (folded.length < 4 || !/[a-z]/.test(folded)) return [];
  const needle = ` ${folded}`;
  const byCity: string[] = [];
  const byName: string[] = [];
  for (const { code, city, name } of entries()) {
    if (city.includes(needle)) byCity.push(code);
    else if (name.includes(needle)) byName.push(code);
  }
  return [...byCity, ...byName].slice(0, PLACE_MATCH_LIMIT);
}
