/** FenInput: 元 typed as text, integer fen as the value — read digit by digit, never through a float. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import FenInput, { Read } from '../../../src/client/widgets/fen-input';

afterEach(cleanup);

describe('FenInput', () => {
  it('shows a stored value as 元 and gives typed 元 back as fen', () => {
    const onChange = vi.fn();
    render(<FenInput id="amount" value={456_789} onChange={onChange} />);
    const box = screen.getByRole('textbox') as HTMLInputElement;
    expect(box.value).toBe('4567.89');
    fireEvent.change(box, { target: { value: '0.29' } });
    expect(onChange).toHaveBeenLastCalledWith(29);
    fireEvent.change(box, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('text that is no amount gives null and says so', () => {
    const onChange = vi.fn();
    render(<FenInput onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '12.345' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('alert').textContent).toContain('至多两位小数');
  });

  it('reads as 元', () => {
    expect(render(<Read value={50} />).container.textContent).toBe('0.50 元');
    cleanup();
    expect(render(<Read value={null} />).container.textContent).toBe('-');
  });
});
