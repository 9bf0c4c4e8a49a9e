import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox, Switch } from './checkbox';

afterEach(cleanup);

function Box() {
  const [checked, setChecked] = useState(false);
  return (
    <Checkbox
      label="Share my contact info"
      description="Crew you match with see your mobile number."
      checked={checked}
      onCheckedChange={setChecked}
    />
  );
}

describe('Checkbox', () => {
  it('is named by its label and description, and toggled from the label', () => {
    render(<Box />);
    const box = screen.getByRole('checkbox', {
      name: /^Share my contact info ?Crew you match with see your mobile number\.$/,
    });
    fireEvent.click(screen.getByText('Share my contact info'));
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});

describe('Switch', () => {
  it('is a switch named by its label that reports the new state, unless disabled', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Switch label="Email notifications" checked={false} onCheckedChange={onChange} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(<Switch label="Email notifications" checked disabled onCheckedChange={onChange} />);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
