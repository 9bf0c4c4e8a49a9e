/** The calendar feed's public surface: code outside features/calendar/ imports only this file. */

export { calendarKeys, useCalendarFeed } from './api';
export { CalendarCard } from './calendar-card';
