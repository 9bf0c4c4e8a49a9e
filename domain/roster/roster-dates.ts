/**
 * The dates a roster prints at the start of a line, and the year rule. Pure and linear: every
 * pattern is anchored at the line's start and has no nested repetition.
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from '../rules/time';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Index = JavaScript's getUTCDay (0 = Sunday). */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * The spec's CrewLink date line, exactly as before: a weekday, a one- or two-digit day and a
 * month ('Mon 3 Mar', 'MON 03MAR', 'Tue 11-Mar', 'Monday 3 March'). The rest of the month's word
 * is consumed after it, so 'March' leaves nothing behind. A table's '|' or a CSV quote may
 * stand before it.
 */
const CREWLINK_DATE = new RegExp(
  `^[\\s|"]*(mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?[ \\t]+(\\d{1,2})(?!\\d)(?:st|nd|rd|th)?[ \\t./-]*(${MONTHS.join('|')})[a-z]*\\.?`,
  'i',
);
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** '29 Nov', '29NOV', '29-Nov', '14MAR', '29Nov26', '3rd March'. */
const DAY_MONTH = new RegExp(
  `^[ \\t|"]*(\\d{1,2})(?:st|nd|rd|th)?[ \\t./-]*${MONTH_WORD}\\.?(?![a-z])`,
  'i',
);
/** '29/11/2026', '29.11.26', '29-11-2026': the same separator twice. */
const NUMERIC_DATE = /^[ \t|"]*(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?!\d)/;
/** '2026-11-29', '2026/11/29'. */
const ISO_DATE = /^[ \t|"]*(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/;
/** A year joined to the month: '29NOV26', '29-Nov-2026', 'MON 03MAR26'. */
const YEAR_JOINED = /^[-./]?(\d{4}|\d{2})(?![\d:])/;
/** A year as its own word after the month: '29 Nov 2026', '29 Nov 26'. */
const YEAR_WORD = /^[ \t,]+(\d{4}|\d{2})(?=[ \t,;|"]|$)/;
/** A weekday after the date: '29 Nov Sun', '29/11/2026 (Sun)'. */
const WEEKDAY_AFTER = /^[ \t,]*\(?(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\)?(?=[ \t,;|"]|$)/i;
/** What may stand before a date: blanks, a table's '|', a CSV quote. */
const LEAD = ' \t|"';
/** What may follow a date: a separator or the end of the line. */
const DATE_END = /^(?:[ \t,;|"]|$)/;

export type DateForm = 'crewlink' | 'dated';

/** A date as a line prints it, before the year rule. */
export interface PrintedDate {
  /** 'crewlink' for the spec's weekday-first date line, 'dated' for every other form. */
  form: DateForm;
  day: number;
  /** 0 = January. */
  month: number;
  /** The year the line prints, else null. */
  year: number | null;
  /**
   * The year was printed as a four-digit word ('29 Nov 2026 ...'), which a time-first roster
   * could also mean as a departure time ('29 Nov 2026 BA117 ...' at 20:26).
   */
  yearIsWord: boolean;
  /** 0 = Sunday, when the line prints a weekday. */
  weekday: number | null;
  /** The date as printed, for reasons. */
  text: string;
  /** Index in the line just after the date. */
  end: number;
  /** Why the printed numbers are no date (31/11/2026), or why their order is unknown. */
  problem: { code: 'BAD_DATE' | 'AMBIGUOUS'; reason: string } | null;
}

/**
 * How the roster orders numeric dates. Day first (29/11/2026, as crew in the UK print them)
 * unless the roster shows month first (11/29/2026) and never day first; 'mixed' when it shows
 * both, and then a date whose order is unknown (03/04/2026) is refused.
 */
export type NumericOrder = 'day-first' | 'month-first' | 'mixed';

const NUMERIC_AT_LINE_START = /^[ \t|"]*(\d{1,2})([./-])(\d{1,2})\2(?:\d{4}|\d{2})(?!\d)/gm;

/** One pass over the text's line starts, before the lines are read. */
export function numericDateOrder(text: string): NumericOrder {
  let dayFirst = false;
  let monthFirst = false;
  NUMERIC_AT_LINE_START.lastIndex = 0;
  for (let m = NUMERIC_AT_LINE_START.exec(text); m; m = NUMERIC_AT_LINE_START.exec(text)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (a > 12 && b <= 12) dayFirst = true;
    if (b > 12 && a <= 12) monthFirst = true;
    if (m[0].length === 0) NUMERIC_AT_LINE_START.lastIndex++;
  }
  if (dayFirst && monthFirst) return 'mixed';
  return monthFirst ? 'month-first' : 'day-first';
}

const monthIndex = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase());
const weekdayIndex = (word: string) => WEEKDAYS.indexOf(word.slice(0, 3).toLowerCase());
const twoDigitYear = (digits: string) =>
  digits.length === 2 ? 2000 + Number(digits) : Number(digits);
const isYear = (n: number) => n >= 1900 && n <= 2099;

/** The year and weekday that may follow a day and month, from `at` in `line`. */
function yearAndWeekday(
  line: string,
  at: number,
  referenceYear: number | null,
  weekdayAfter: boolean,
): { year: number | null; yearIsWord: boolean; weekday: number | null; end: number } {
  let end = at;
  let year: number | null = null;
  let yearIsWord = false;
  const rest = line.slice(end, end + 16);
  const joined = YEAR_JOINED.exec(rest);
  if (joined && isYear(twoDigitYear(joined[1] ?? ''))) {
    year = twoDigitYear(joined[1] ?? '');
    end += joined[0].length;
  } else {
    const word = YEAR_WORD.exec(rest);
    const value = word ? twoDigitYear(word[1] ?? '') : Number.NaN;
    // Only a year next to the one the roster is read in: '3 Mar 0955' is a departure time.
    if (word && referenceYear !== null && Math.abs(value - referenceYear) <= 1) {
      year = value;
      yearIsWord = (word[1] ?? '').length === 4;
      end += word[0].length;
    }
  }
  let weekday: number | null = null;
  if (weekdayAfter) {
    const after = WEEKDAY_AFTER.exec(line.slice(end, end + 16));
    if (after) {
      weekday = weekdayIndex(after[1] ?? '');
      end += after[0].length;
    }
  }
  return { year, yearIsWord, weekday, end };
}

/**
 * The date a line starts with, in any common form, or null. `referenceYear` (today's year, or
 * the year the caller gives) decides whether a word after the month is a year ('29 Nov 2026')
 * or something else ('29 Nov 1530').
 */
export function readPrintedDate(
  line: string,
  order: NumericOrder,
  referenceYear: number | null,
): PrintedDate | null {
  const crewlink = CREWLINK_DATE.exec(line);
  if (crewlink) {
    const tail = yearAndWeekday(line, crewlink[0].length, referenceYear, false);
    return {
      form: 'crewlink',
      day: Number(crewlink[2]),
      month: monthIndex(crewlink[3] ?? ''),
      year: tail.year,
      yearIsWord: tail.yearIsWord,
      weekday: weekdayIndex(crewlink[1] ?? ''),
      text: line.slice(0, tail.end).trim(),
      end: tail.end,
      problem: null,
    };
  }
  // Only lines that start with a digit (after blanks, a table's '|' or a CSV quote) can hold
  // the other forms.
  let at = 0;
  while (at < line.length && LEAD.includes(line.charAt(at))) at++;
  const first = line.charCodeAt(at);
  if (!(first >= 48 && first <= 57)) return null;

  const iso = ISO_DATE.exec(line);
  if (iso) {
    const tail = yearAndWeekday(line, iso[0].length, null, true);
    if (!DATE_END.test(line.slice(tail.end, tail.end + 1))) return null;
    const year = Number(iso[1]);
    return {
      form: 'dated',
      day: Number(iso[4]),
      month: Number(iso[3]) - 1,
      year,
      yearIsWord: false,
      weekday: tail.weekday,
      text: line.slice(0, tail.end).trim(),
      end: tail.end,
      problem: isYear(year) ? null : { code: 'BAD_DATE', reason: `Not a date: ${iso[0].trim()}` },
    };
  }

  const numeric = NUMERIC_DATE.exec(line);
  if (numeric) {
    const tail = yearAndWeekday(line, numeric[0].length, null, true);
    if (!DATE_END.test(line.slice(tail.end, tail.end + 1))) return null;
    const a = Number(numeric[1]);
    const b = Number(numeric[3]);
    const printed = numeric[0].trim();
    let day = a;
    let month = b;
    let problem: PrintedDate['problem'] = null;
    if (order === 'month-first' || (order === 'mixed' && b > 12 && a <= 12)) {
      day = b;
      month = a;
    } else if (order === 'mixed' && a <= 12 && b <= 12 && a !== b) {
      problem = {
        code: 'AMBIGUOUS',
        reason: `Ambiguous date: ${printed} could be ${a} ${MONTH_NAMES[b - 1]} or ${b} ${MONTH_NAMES[a - 1]} (this roster prints dates in both orders)`,
      };
    }
    return {
      form: 'dated',
      day,
      month: month - 1,
      year: twoDigitYear(numeric[4] ?? ''),
      yearIsWord: false,
      weekday: tail.weekday,
      text: line.slice(0, tail.end).trim(),
      end: tail.end,
      problem,
    };
  }

  const dayMonth = DAY_MONTH.exec(line);
  if (dayMonth) {
    const tail = yearAndWeekday(line, dayMonth[0].length, referenceYear, true);
    if (!DATE_END.test(line.slice(tail.end, tail.end + 1))) return null;
    return {
      form: 'dated',
      day: Number(dayMonth[1]),
      month: monthIndex(dayMonth[2] ?? ''),
      year: tail.year,
      yearIsWord: tail.yearIsWord,
      weekday: tail.weekday,
      text: line.slice(0, tail.end).trim(),
      end: tail.end,
      problem: null,
    };
  }
  return null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' for a real calendar day, else null (31 Feb is no date). */
export function calendarDate(year: number, monthIndex: number, day: number): string | null {
  const date = new Date(Date.UTC(year, monthIndex, day));
  if (date.getUTCMonth() !== monthIndex || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${pad2(monthIndex + 1)}-${pad2(day)}`;
}

const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** A calendar day 'YYYY-MM-DD', or null when the text is not one. */
export function parseDay(text: string): { year: number; iso: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const iso = year >= 1 ? calendarDate(year, Number(m[2]) - 1, Number(m[3])) : null;
  return iso === text ? { year, iso } : null;
}

/**
 * The calendar day `now` falls on where the caller is ('YYYY-MM-DD'): the `today` a roster
 * pasted now is read against. Local, not UTC: at 00:30 in Sydney it is already tomorrow.
 */
export function localDay(now: Date): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${pad2(now.getMonth() + 1)}-${pad2(now.getDate())}`;
}

/** What the year rule needs: today (the caller's local date), or the legacy fixed year. */
export type YearRule = { today: string; todayYear: number } | { year: number };

export type ResolvedDate =
  | { date: string }
  | { date: null; code: 'BAD_DATE' | 'AMBIGUOUS'; reason: string };

/**
 * The calendar day a printed date means.
 * - A printed year is used as printed.
 * - Without one, given today: the occurrence nearest to today, of last, this and next year
 *   (January pasted in December is next January; last week stays last week).
 * - Without one, given only a year (the old callers): that year, the weekday unchecked.
 * A printed weekday that disagrees with the printed or nearest year refuses the date: the
 * roster then is not what it seems, and a day's flights on a wrong day are worse than none.
 */
export function resolveDate(printed: PrintedDate, rule: YearRule): ResolvedDate {
  if (printed.problem) return { date: null, ...printed.problem };
  const { day, month, weekday } = printed;
  const notADate = { date: null, code: 'BAD_DATE', reason: `Not a date: ${printed.text}` } as const;
  if (month < 0 || month > 11) return notADate;

  let date: string | null = null;
  if (printed.year !== null || !('today' in rule)) {
    date = calendarDate(printed.year ?? ('year' in rule ? rule.year : 0), month, day);
    if (date && printed.year === null) return { date };
  } else {
    const today = dayNumber(rule.today);
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const year of [rule.todayYear - 1, rule.todayYear, rule.todayYear + 1]) {
      const candidate = year >= 1 && year <= 9999 ? calendarDate(year, month, day) : null;
      if (!candidate) continue;
      const distance = Math.abs(dayNumber(candidate) - today);
      // On a tie (half a year either way) the later one: rosters mostly look ahead.
      if (distance <= bestDistance) {
        date = candidate;
        bestDistance = distance;
      }
    }
  }
  if (!date) return notADate;
  if (weekday !== null && weekdayOf(date) !== weekday) {
    const [y, m, d] = date.split('-').map(Number);
    return {
      date: null,
      code: 'BAD_DATE',
      reason: `Date and weekday disagree: ${d} ${MONTH_NAMES[(m ?? 1) - 1]} ${y} is a ${WEEKDAY_NAMES[weekdayOf(date)]}, not a ${WEEKDAY_NAMES[weekday]}`,
    };
  }
  return { date };
}
