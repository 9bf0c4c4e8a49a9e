/**
 * The words of a roster's lines that are not flights: duty codes (a day off, standby, a
 * layover, training, report and release times) and the roster's own headings and totals.
 */

const DUTY_GROUPS: readonly (readonly [label: string, codes: string])[] = [
  ['day off', 'OFF D/O DO DOFF DAYOFF ROFF RDO FREE'],
  ['standby', 'SBY HSBY ASBY STBY STANDBY'],
  ['airport duty', 'ADTY'],
  ['reserve', 'RES RSV RESERVE'],
  ['rest', 'REST RST'],
  ['layover', 'LAYOVER L/O LO LOV HOTEL NIGHTSTOP'],
  ['simulator', 'SIM FFS FTD LOFT OPC LPC'],
  ['training', 'TRG TRN TRAINING CRM CBT ELRN COURSE CLASS'],
  ['ground duty', 'GRND GND GRD OFFICE MTG MEETING MEDICAL'],
  ['leave', 'AL A/L LVE LEAVE ANNUAL UL PL SICK SCK HOL VAC VACATION'],
  ['report time', 'RPT REP REPORT C/I CI CHECK-IN CHECKIN S/ON SIGN-ON SIGNON'],
  ['release time', 'REL RELEASE S/OFF SIGN-OFF SIGNOFF C/O'],
  ['ground positioning', 'TAXI LIMO BUS TRAIN CAR'],
];

const DUTIES = new Map<string, string>();
for (const [label, codes] of DUTY_GROUPS) {
  for (const code of codes.split(' ')) DUTIES.set(code, label);
}
/** Duties printed as two words. */
const PAIRS = new Map([
  ['DAY OFF', 'day off'],
  ['CHECK IN', 'report time'],
  ['SIGN ON', 'report time'],
  ['SIGN OFF', 'release time'],
]);
/** Codes of one letter mean a duty only as the first word after the date. */
const FIRST_WORD_ONLY = new Map([['X', 'day off']]);

/** Words that start a roster's title, column headings, totals or notes. */
const HEADINGS = new Set(
  (
    'DATE DAY DAYS DUTY DUTIES ROSTER PERSONAL NAME STAFF BASE RANK TOTAL TOTALS SECTORS SECTOR ' +
    'BLOCK TRIP SUMMARY END PAGE PERIOD BRITISH NOTES NOTE CREW MONTH PRINTED FLIGHT FLIGHTS FLT ' +
    'SCHEDULE PUBLISHED LEGEND KEY TIMES ALL GENERATED EMPLOYEE JANUARY FEBRUARY MARCH APRIL MAY ' +
    'JUNE JULY AUGUST SEPTEMBER OCTOBER NOVEMBER DECEMBER JAN FEB MAR APR JUN JUL AUG SEP SEPT OCT ' +
    'NOV DEC'
  ).split(' '),
);

/** A word as the tables above spell it: upper case, without a trailing ':' or '.'. */
export const normaliseWord = (word: string) => word.toUpperCase().replace(/[:.]+$/, '');

export interface Duty {
  /** 'day off' */
  label: string;
  /** The code as printed, upper case: 'OFF'. */
  code: string;
}

/**
 * The duty a line (its words after any date) names: its first word in any case ('Off',
 * 'Hotel'), a later word only in capitals as rosters print codes ('Sun 8 Nov FLY C/I 0610'), so
 * a note such as 'check hotel for next trip' names none.
 */
export function dutyOf(words: readonly string[]): Duty | null {
  for (let i = 0; i < words.length; i++) {
    const raw = words[i] ?? '';
    const code = normaliseWord(raw);
    if (i > 0 && raw.replace(/[:.]+$/, '') !== code) continue;
    const label = DUTIES.get(code) ?? (i === 0 ? FIRST_WORD_ONLY.get(code) : undefined);
    if (label) return { label, code };
    const pair = `${code} ${normaliseWord(words[i + 1] ?? '')}`;
    const pairLabel = PAIRS.get(pair);
    if (
      pairLabel &&
      (i === 0 || `${raw} ${words[i + 1]}`.toUpperCase() === `${raw} ${words[i + 1]}`)
    ) {
      return { label: pairLabel, code: pair };
    }
  }
  return null;
}

/** Whether a line without a date or flight is the roster's heading, totals or notes title. */
export function isHeading(words: readonly string[]): boolean {
  return words.length > 0 && HEADINGS.has(normaliseWord(words[0] ?? ''));
}
