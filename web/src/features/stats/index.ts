/** The platform statistics feature's public surface: code outside features/stats/ imports only this file. */
export { ActivityCharts } from './activity-charts';
export { statsKeys, useActivitySeries, usePlatformOverview, useUserStatistics } from './api';
export { PlatformOverviewCards } from './overview-cards';
export { UserStatisticsTable } from './user-statistics-table';
