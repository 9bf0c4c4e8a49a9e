import { AIRPORT_ZONE_NAMES, AIRPORT_ZONE_OF_CODE } from './airport-zone-data';
import { IATA_AIRPORT_BITMAP } from './iata-airports';

/**
 * The IANA time zone of an airport, for reading times as local to it: every code of the IATA
 * list (iata-airports.ts) has one, generated with it by scripts/update-airports.mjs from the
 * maintained data packages. Callers treat null as "unknown airport" and never guess a zone.
 *
 * The server reads it for every flight it presents; the web only where it turns a pasted roster
 * into rows (the roster screen), so the table stays out of the screens every member loads.
 */
let byCode: Map<string, string> | null = null;

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Built on first use: the codes are the bitmap's set bits, in order, each with two digits. */
function zonesByCode(): Map<string, string> {
  if (byCode) return byCode;
  const names = AIRPORT_ZONE_NAMES.split(' ');
  const bits = Uint8Array.from(atob(IATA_AIRPORT_BITMAP), (ch) => ch.charCodeAt(0));
  const map = new Map<string, string>();
  let k = 0;
  for (let n = 0; n < 26 ** 3; n += 1) {
    if (((bits[n >> 3] ?? 0) & (1 << (n & 7))) === 0) continue;
    const code = String.fromCharCode(
      65 + Math.floor(n / 676),
      65 + (Math.floor(n / 26) % 26),
      65 + (n % 26),
    );
    const index =
      DIGITS.indexOf(AIRPORT_ZONE_OF_CODE[2 * k] ?? '') * 64 +
      DIGITS.indexOf(AIRPORT_ZONE_OF_CODE[2 * k + 1] ?? '');
    const zone = names[index];
    if (zone) map.set(code, zone);
    k += 1;
  }
  byCode = map;
  return map;
}

/** 'JFK' -> 'America/New_York'; null for an airport whose zone we do not know. */
export function airportTimeZone(code: string): string | null {
  return zonesByCode().get(code.trim().toUpperCase()) ?? null;
}
