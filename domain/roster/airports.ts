/**
 * The airline's network as roster codes. The spec names about 85 without listing them; this is
 * BA's short- and long-haul network from London. A code outside it is still accepted unless it
 * is a weekday or month abbreviation, so the list only has to be right, not complete.
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

/** The spec's test: a known airport, or at least not a weekday or month that looks like one. */
export const isPlausibleAirport = (code: string): boolean =>
  NETWORK_AIRPORTS.has(code) || !CALENDAR_WORDS.has(code);
