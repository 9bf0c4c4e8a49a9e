/** The input of `npm run bench:roster`, importable so a test can build it at any instant. */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ROUTES = [
  ['LHR', 'JFK'],
  ['LGW', 'FAO'],
  ['LHR', 'SIN'],
  ['LCY', 'EDI'],
  ['LHR', 'BOS'],
  ['LGW', 'PMI'],
];

/**
 * A realistic roster of about `lines` lines: a date line per day, then report, sectors and
 * release lines, with days off and standby. Flight numbers keep growing so that long rosters
 * are not mostly duplicates (the duplicate Set must still see every key).
 */
export function makeRoster(lines: number, now: Date): string {
  const out: string[] = [];
  let day = 0;
  let number = 1;
  while (out.length < lines) {
    const date = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + day),
    );
    const head = `${WEEKDAYS[(date.getUTCDay() + 6) % 7]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
    const kind = day % 7;
    if (kind === 5) out.push(`${head}\tOFF`);
    else if (kind === 6) out.push(`${head}\tSBY\tLHR 0500-1700`);
    else {
      const [a, b] = ROUTES[day % ROUTES.length] ?? ['LHR', 'JFK'];
      out.push(`${head}\tFLY\tRPT 0610`);
      out.push(`\t\t0655 BA${String(number++ % 10000).padStart(4, '0')} ${a} ${b}\t0930\tA320`);
      out.push(`\t\t1020 BA${number++ % 10000} ${b} ${a}\t1310\tA320\tREL 1340`);
    }
    day++;
  }
  return out.slice(0, lines).join('\n');
}
