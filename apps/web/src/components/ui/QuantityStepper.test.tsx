import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/lib/i18n';
import { useToastStore } from '@/lib/stores/toast';
import { QuantityStepper } from './QuantityStepper';

/** A stepper for a wholesale product: MOQ 6, in steps of 3, starting where a card starts (6). */
function Wholesale({ start = 6 }: { start?: number }) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper value={value} onChange={setValue} moq={6} orderMultiple={3} labels={{ input: 'Quantity', decrease: 'Decrease', increase: 'Increase' }} />
  );
}

const input = () => screen.getByRole('textbox', { name: 'Quantity' });
const lastToast = () => useToastStore.getState().toasts.at(-1)?.message;

describe('quantity stepper with an MOQ and an order multiple', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    useToastStore.setState({ toasts: [] });
  });

  it('steps by the order multiple and never below the MOQ', async () => {
    render(<Wholesale />);
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(input()).toHaveValue('9');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease' }));
    expect(input()).toHaveValue('6');
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeDisabled();
  });

  it('snaps typed values to the nearest allowed quantity and says why', async () => {
    render(<Wholesale />);
    await userEvent.clear(input());
    await userEvent.type(input(), '7{Enter}');
    expect(input()).toHaveValue('6');
    expect(lastToast()).toBe('Quantity set to 6: from 6, in steps of 3');
    await userEvent.clear(input());
    await userEvent.type(input(), '2{Enter}');
    expect(input()).toHaveValue('6');
    await userEvent.clear(input());
    await userEvent.type(input(), '8');
    await userEvent.tab();
    expect(input()).toHaveValue('9');
    expect(lastToast()).toBe('Quantity set to 9: from 6, in steps of 3');
  });

  it('says nothing when the typed value was already allowed, and explains in Chinese', async () => {
    render(<Wholesale />);
    await userEvent.clear(input());
    await userEvent.type(input(), '12{Enter}');
    expect(input()).toHaveValue('12');
    expect(lastToast()).toBeUndefined();
    await i18n.changeLanguage('zh');
    await userEvent.clear(input());
    await userEvent.type(input(), '13{Enter}');
    expect(input()).toHaveValue('12');
    expect(lastToast()).toBe('数量已调整为 12：6 件起订，按 3 的倍数');
  });
});
