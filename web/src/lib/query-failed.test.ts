import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { queryFailed } from './query-failed';

describe('queryFailed', () => {
  const network = new ApiError(0, 'Network error. Please check your connection and try again.');
  it('keeps data on screen when a refresh could not reach the server', () => {
    expect(queryFailed({ isError: true, data: [1], error: network })).toBe(false);
    expect(queryFailed({ isError: true, data: [1], error: new TypeError('x') })).toBe(false);
  });
  it('keeps data on screen through a 503 while the service is briefly unavailable', () => {
    expect(queryFailed({ isError: true, data: [1], error: new ApiError(503, 'x') })).toBe(false);
  });
  it('shows a failure before any data, whatever its cause', () => {
    expect(queryFailed({ isError: true, data: undefined, error: network })).toBe(true);
  });
  it("shows the server's own refusal even over data", () => {
    const gone = new ApiError(404, 'Flight not found');
    expect(queryFailed({ isError: true, data: [1], error: gone })).toBe(true);
  });
  it('is false without an error', () => {
    expect(queryFailed({ isError: false, data: [1], error: null })).toBe(false);
  });
});
