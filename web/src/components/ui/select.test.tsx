import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Label } from './input';
import { Select } from './select';

afterEach(cleanup);

describe('Select', () => {
  it('is a combobox named by its label, with the placeholder as the empty choice', () => {
    const onChange = vi.fn();
    render(
      <>
        <Label htmlFor="role">Role</Label>
        <Select
          id="role"
          value=""
          placeholder="Select your role"
          options={['CSD', 'IFM']}
          onChange={(e) => onChange(e.target.value)}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select your role',
      'CSD',
      'IFM',
    ]);
    fireEvent.change(select, { target: { value: 'IFM' } });
    expect(onChange).toHaveBeenCalledWith('IFM');
  });
});
