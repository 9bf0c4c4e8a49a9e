import { IATA_AIRPORT_BITMAP } from './iata-airports';

/**
 * The airline's network as roster codes: BA's short- and long-haul network from London. Every
 * real airport is accepted (isIataAirport); the network only decides, for a code that is also
 * a weekday or month abbreviation, that a roster line means the airport.
 */
const NETWORK = [
  // London and UK domestic
  'LHR LGW LCY ABZ EDI GLA INV BHD MAN NCL JER GCI',
  // Europe
  'AMS ATH BCN BER BRU BUD CDG CPH DUB DUS FCO FRA GVA HAM IST LIS MAD MUC MXP NCE OSL OPO',
  'PRG VIE WAW ZRH AGP ALC PMI FAO MLA',
  // North America and the Caribbean
  'JFK EWR BOS IAD ORD ATL MIA DFW IAH AUS DEN PHX LAS LAX SFO SEA SAN MCO YYZ YVR YUL MEX',
  'BGI ANU NAS GRU',
  // Middle East, Africa, Asia
  'DXB DOH AUH BAH TLV BOM DEL BLR SIN HKG HND ICN BKK JNB CPT NBO LOS ACC',
].join(' ');

export const NETWORK_AIRPORTS: ReadonlySet<string> = new Set(NETWORK.split(/\s+/));

export const WEEKDAY_ABBREVIATIONS = 'MON TUE WED THU FRI SAT SUN'.split(' ');
export const MONTH_ABBREVIATIONS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');

const CALENDAR_WORDS: ReadonlySet<string> = new Set([
  ...WEEKDAY_ABBREVIATIONS,
  ...MONTH_ABBREVIATIONS,
]);

export const isNetworkAirport = (code: string): boolean => NETWORK_AIRPORTS.has(code);

let iataBits: Uint8Array | null = null;

/**
 * Decoded on first use rather than at import, so a bundle that never checks an airport pays
 * only for the string (and the bundler can drop that when nothing here is used).
 */
function iataBitmap(): Uint8Array {
  if (!iataBits) {
    const binary = atob(IATA_AIRPORT_BITMAP);
    iataBits = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  }
  return iataBits;
}

const THREE_LETTERS = /^[A-Z]{3}$/;

/** A real IATA airport code (upper-case, as stored): 'LHR' yes, 'XXX' and 'lhr' no. */
export function isIataAirport(code: string): boolean {
  if (!THREE_LETTERS.test(code)) return false;
  let n = 0;
  for (let i = 0; i < 3; i += 1) n = n * 26 + (code.charCodeAt(i) - 65);
  return ((iataBitmap()[n >> 3] ?? 0) & (1 << (n & 7))) !== 0;
}

/**
 * The roster parser's test: a network airport, or at least not a weekday or month that looks
 * like one. It deliberately lets unknown codes through: the upload then refuses that row with
 * 'Invalid Airport Codes' (isIataAirport in the flight schema), which tells the member why,
 * where skipping the line would hide it.
 */
export const isPlausibleAirport = (code: string): boolean =>
  NETWORK_AIRPORTS.has(code) || !CALENDAR_WORDS.has(code);
