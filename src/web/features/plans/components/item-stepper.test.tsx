import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ItemStepper } from './item-stepper';

function Harness({ start }: { start: number }) {
  const [n, setN] = useState(start);
  return <ItemStepper value={n} onChange={setN} />;
}

describe('ItemStepper', () => {
  it('counts 3 to 9 with minus disabled at 3 and plus disabled at 9', async () => {
    const user = userEvent.setup();
    render(<Harness start={3} />);
    const fewer = screen.getByRole('button', { name: 'Fewer items' });
    const more = screen.getByRole('button', { name: 'More items' });
    expect(fewer).toBeDisabled();
    expect(screen.getByTestId('item-count')).toHaveTextContent('3');
    for (let i = 0; i < 10; i += 1) if (!(more as HTMLButtonElement).disabled) await user.click(more);
    expect(screen.getByTestId('item-count')).toHaveTextContent('9');
    expect(more).toBeDisabled();
    await user.click(fewer);
    expect(screen.getByTestId('item-count')).toHaveTextContent('8');
    expect(more).toBeEnabled();
  });
});
