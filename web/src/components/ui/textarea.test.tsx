import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Label } from './input';
import { Textarea } from './textarea';

afterEach(cleanup);

describe('Textarea', () => {
  it('is a text box named by its label that reports what is typed', () => {
    const onChange = vi.fn();
    render(
      <>
        <Label htmlFor="note">Note (optional)</Label>
        <Textarea id="note" maxLength={150} onChange={(e) => onChange(e.target.value)} />
      </>,
    );
    const box = screen.getByRole('textbox', { name: 'Note (optional)' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('maxlength')).toBe('150');
    fireEvent.change(box, { target: { value: 'Hello crew' } });
    expect(onChange).toHaveBeenCalledWith('Hello crew');
  });
});
