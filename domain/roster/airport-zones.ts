/**
 * The IANA time zone of an airport, for reading roster times as local to it.
 *
 * Interim: the airline's network by hand, until scripts/update-airports.mjs generates the zone of
 * every IATA airport from the maintained data package (issue 41, item 2). Callers treat null as
 * "unknown airport" and never guess a zone.
 */
const ZONES: Record<string, string> = {
  'Europe/London': 'LHR LGW LCY ABZ EDI GLA INV BHD MAN NCL',
  'Europe/Jersey': 'JER',
  'Europe/Guernsey': 'GCI',
  'Europe/Amsterdam': 'AMS',
  'Europe/Athens': 'ATH',
  'Europe/Madrid': 'BCN MAD AGP ALC PMI',
  'Europe/Berlin': 'BER DUS FRA HAM MUC',
  'Europe/Brussels': 'BRU',
  'Europe/Budapest': 'BUD',
  'Europe/Paris': 'CDG NCE',
  'Europe/Copenhagen': 'CPH',
  'Europe/Dublin': 'DUB',
  'Europe/Rome': 'FCO MXP',
  'Europe/Zurich': 'GVA ZRH',
  'Europe/Istanbul': 'IST',
  'Europe/Lisbon': 'LIS OPO FAO',
  'Europe/Oslo': 'OSL',
  'Europe/Prague': 'PRG',
  'Europe/Vienna': 'VIE',
  'Europe/Warsaw': 'WAW',
  'Europe/Malta': 'MLA',
  'America/New_York': 'JFK EWR BOS IAD ATL MIA MCO',
  'America/Chicago': 'ORD DFW IAH AUS',
  'America/Denver': 'DEN',
  'America/Phoenix': 'PHX',
  'America/Los_Angeles': 'LAS LAX SFO SEA SAN',
  'America/Toronto': 'YYZ',
  'America/Vancouver': 'YVR',
  'America/Montreal': 'YUL',
  'America/Mexico_City': 'MEX',
  'America/Barbados': 'BGI',
  'America/Antigua': 'ANU',
  'America/Nassau': 'NAS',
  'America/Sao_Paulo': 'GRU',
  'Asia/Dubai': 'DXB AUH',
  'Asia/Qatar': 'DOH',
  'Asia/Bahrain': 'BAH',
  'Asia/Jerusalem': 'TLV',
  'Asia/Kolkata': 'BOM DEL BLR',
  'Asia/Singapore': 'SIN',
  'Asia/Hong_Kong': 'HKG',
  'Asia/Tokyo': 'HND',
  'Asia/Seoul': 'ICN',
  'Asia/Bangkok': 'BKK',
  'Africa/Johannesburg': 'JNB CPT',
  'Africa/Nairobi': 'NBO',
  'Africa/Lagos': 'LOS',
  'Africa/Accra': 'ACC',
};

const BY_AIRPORT: ReadonlyMap<string, string> = new Map(
  Object.entries(ZONES).flatMap(([zone, codes]) => codes.split(' ').map((code) => [code, zone])),
);

/** 'JFK' -> 'America/New_York'; null for an airport whose zone we do not know. */
export function airportTimeZone(code: string): string | null {
  return BY_AIRPORT.get(code.toUpperCase()) ?? null;
}
