import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { ReportButton } from './report-button';

afterEach(cleanup);

it('says it is busy while the dialog’s code loads, then opens the dialog', async () => {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportButton member={{ id: 7, displayName: 'Crew Member' }} />
    </QueryClientProvider>,
  );
  const button = screen.getByRole('button', { name: 'Report Crew Member' });
  expect(button.getAttribute('aria-busy')).toBeNull();
  fireEvent.click(button);
  // The dialog's module is asked for on the tap and arrives later.
  expect(button.getAttribute('aria-busy')).toBe('true');
  await screen.findByRole('dialog');
  expect(button.getAttribute('aria-busy')).toBeNull();
});
