import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSCODE_MESSAGE } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { PinForm } from './pin-form';

afterEach(cleanup);

const PINS = [{ label: 'Current passcode' }, { label: 'New passcode' }];

function renderForm(onSubmit = vi.fn()) {
  render(
    <PinForm
      pins={PINS}
      pending={false}
      onSubmit={onSubmit}
      actions={({ complete }) => (
        <Button type="submit" disabled={!complete}>
          Save
        </Button>
      )}
    />,
  );
  return onSubmit;
}

/** Types a PIN into the n-th group of four boxes (each group labels its boxes 1 to 4). */
function typePin(group: number, pin: string) {
  [...pin].forEach((digit, index) => {
    const box = screen.getAllByLabelText(`PIN digit ${index + 1}`)[group]!;
    fireEvent.change(box, { target: { value: digit } });
  });
}

describe('PinForm', () => {
  it('enables its action only once every box of every PIN is filled, and sends the PINs in order', async () => {
    const onSubmit = renderForm();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    typePin(0, '1234');
    expect(save.disabled).toBe(true);
    typePin(1, '5678');
    expect(save.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(save);
    });
    expect(onSubmit).toHaveBeenCalledWith(['1234', '5678'], expect.any(Function));
  });

  it('shows a refusal in the alert line the boxes are described by', async () => {
    renderForm(vi.fn((_pins: string[], fail: (message: string) => void) => fail('Incorrect PIN')));
    typePin(0, '1234');
    typePin(1, '5678');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Incorrect PIN');
    const group = screen.getAllByRole('group')[0]!;
    expect(group.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('refuses an incomplete PIN with the passcode message, without sending', async () => {
    const onSubmit = vi.fn();
    render(
      <PinForm
        pins={[{ label: 'Choose a 4-digit passcode' }]}
        pending={false}
        onSubmit={onSubmit}
        actions={() => <Button type="submit">Save Passcode</Button>}
      />,
    );
    typePin(0, '12');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Passcode' }));
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(PASSCODE_MESSAGE);
  });
});
