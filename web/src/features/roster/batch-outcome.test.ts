import { describe, expect, it } from 'vitest';
import { batchOutcome } from './batch-outcome';

const response = (
  results: { created: number; joined: number; existing: number; failed: number },
  extra = {},
) => ({
  results,
  existingFlights: [],
  errorDetails: [],
  notices: [] as string[],
  message: '',
  ...extra,
});

describe('roster upload outcome', () => {
  it('says which flights joined a flight listed at another time', () => {
    const notice =
      'BA117 (1630) LHR-JFK 2026-11-29: Already listed departing 15:30 LHR (15:30 GMT); your roster says 16:30 LHR (16:30 GMT)';
    expect(
      batchOutcome(
        response({ created: 0, joined: 1, existing: 0, failed: 0 }, { notices: [notice] }),
        1,
      ).description,
    ).toBe(`1 flight added. ${notice}`);
  });

  it("reports 'Flights Added' with every count", () => {
    expect(batchOutcome(response({ created: 2, joined: 1, existing: 1, failed: 1 }), 5)).toEqual({
      tone: 'success',
      title: 'Flights Added',
      description: '3 flights added, 1 skipped (already in your roster), 1 failed',
      done: true,
    });
  });

  it('names each flight that failed, and why', () => {
    const detail =
      'BA112 (2045) JFK-LHR 2026-11-29: Different Departure Time: This flight is already listed departing at 21:00 GMT.';
    expect(
      batchOutcome(
        response({ created: 1, joined: 0, existing: 0, failed: 1 }, { errorDetails: [detail] }),
        2,
      ).description,
    ).toBe(`1 flight added, 1 failed. Failed: ${detail}`);
  });

  it("says 'No New Flights Added' when every flight was already there", () => {
    expect(
      batchOutcome(response({ created: 0, joined: 0, existing: 4, failed: 0 }), 4),
    ).toMatchObject({
      title: 'No New Flights Added',
      description: 'All 4 flights already exist in your roster',
    });
  });

  it('lists existing flights, and errors, when nothing was added', () => {
    const mixed = batchOutcome(
      response(
        { created: 0, joined: 0, existing: 1, failed: 1 },
        { existingFlights: ['BA117 LHR-JFK 2030-06-18'], errorDetails: ['BA1: Invalid date'] },
      ),
      2,
    );
    expect(mixed.description).toBe(
      'Some flights already exist in the system: BA117 LHR-JFK 2030-06-18. Please deselect these flights and try again. Errors occurred: BA1: Invalid date',
    );
    const failed = batchOutcome(
      response({ created: 0, joined: 0, existing: 0, failed: 1 }, { errorDetails: ['x'] }),
      1,
    );
    expect(failed).toMatchObject({
      tone: 'error',
      title: 'No Flights Added',
      description: 'No flights were added to your account. Errors occurred: x',
    });
  });
});
