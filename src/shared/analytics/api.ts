import { defineApi, get } from '../http/contract.js';
import type { Dashboard } from './dashboard.js';
import { rangeAnalyticsQuerySchema, type RangeAnalytics } from './range-analytics.js';

/** The analytics page's figures over a range: refreshed when deals or customers change. */
export const analyticsApi = defineApi('analytics', {
  range: get('/api/analytics', { query: rangeAnalyticsQuerySchema }).returns<RangeAnalytics>(),
});

/** The dashboard's figures, an area of their own: deals, customers, vehicles and leads each refresh them. */
export const dashboardApi = defineApi('dashboard', {
  summary: get('/api/dashboard').returns<Dashboard>(),
});
