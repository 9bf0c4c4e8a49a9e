import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, type PriceTable, yearlySaving } from './pricing';

const table = (monthly: number, yearly: number): PriceTable => ({
  currency: 'gbp',
  plans: {
    monthly: { amount: monthly, interval: 'month' },
    yearly: { amount: yearly, interval: 'year' },
  },
});

describe('yearlySaving', () => {
  it("gives the convert page's 'Save 46%', '£1.08/month' and '£11/year' from the configured prices", () => {
    expect(yearlySaving(DEFAULT_PRICES)).toEqual({
      perMonth: 108,
      savedPerYear: 1089,
      savedPercent: 45, // 'over 45%': 45.6% rounded down
      savedPercentNearest: 46,
    });
  });

  it('follows the table, not a fixed figure', () => {
    expect(yearlySaving(table(250, 2400)).savedPercentNearest).toBe(20);
    expect(yearlySaving(table(1000, 6000)).savedPercentNearest).toBe(50);
  });

  it('never claims a saving the yearly plan does not give', () => {
    expect(yearlySaving(table(100, 1500))).toMatchObject({
      savedPerYear: 0,
      savedPercent: 0,
      savedPercentNearest: 0,
    });
    expect(yearlySaving(table(0, 0)).savedPercentNearest).toBe(0);
  });
});
