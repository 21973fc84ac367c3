import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Combobox, filterOptions, type ComboboxOption } from './combobox';

const banks: ComboboxOption[] = [
  { value: '04', label: '04 – בנק יהב' },
  { value: '10', label: '10 – בנק לאומי' },
  { value: '12', label: '12 – בנק הפועלים' },
  { value: '20', label: '20 – בנק מזרחי טפחות' },
];

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <Combobox
        label="בנק"
        options={banks}
        value={value}
        onChange={setValue}
        toggleLabel="הצגת הרשימה"
        noResultsText="לא נמצא בנק"
        resultsText={(count) => `${count} תוצאות`}
      />
      <span data-testid="value">{value}</span>
      <button type="button">אחרי</button>
    </form>
  );
}

describe('combobox', () => {
  it('filters by name or by bank number, with or without the leading zero', () => {
    expect(filterOptions(banks, 'לאומי').map((o) => o.value)).toEqual(['10']);
    expect(filterOptions(banks, '4').map((o) => o.value)).toEqual(['04']);
    expect(filterOptions(banks, '04').map((o) => o.value)).toEqual(['04']);
    expect(filterOptions(banks, '1').map((o) => o.value)).toEqual(['10', '12']);
    expect(filterOptions(banks, '  ')).toHaveLength(4);
  });

  it('is a labelled combobox that opens a listbox and picks with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'בנק' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'בנק' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = box.getAttribute('aria-activedescendant');
    expect(document.getElementById(active ?? '')?.textContent).toContain('בנק לאומי');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('10');
    expect((box as HTMLInputElement).value).toBe('10 – בנק לאומי');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters while typing, tells screen readers how many were found, and Escape restores the choice', async () => {
    const user = userEvent.setup();
    render(<Harness initial="12" />);
    const box = screen.getByRole('combobox', { name: 'בנק' }) as HTMLInputElement;
    await user.clear(box);
    await user.type(box, 'מזרחי');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 תוצאות');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(box.value).toBe('12 – בנק הפועלים');
    await user.type(box, 'xyz');
    // Shown under the box, and read out by the status line.
    expect(screen.getAllByText('לא נמצא בנק')).toHaveLength(2);
  });

  it('shows a choice the form makes later (its saved data arrived), and Enter on a single match takes it', async () => {
    const user = userEvent.setup();
    const props = {
      label: 'בנק',
      options: banks,
      onChange: () => {},
      toggleLabel: 'הצגת הרשימה',
      noResultsText: 'לא נמצא בנק',
      resultsText: (count: number) => `${count} תוצאות`,
    };
    const { rerender } = render(<Combobox {...props} value="" />);
    const box = screen.getByRole('combobox', { name: 'בנק' }) as HTMLInputElement;
    expect(box.value).toBe('');
    rerender(<Combobox {...props} value="20" />);
    expect(box.value).toBe('20 – בנק מזרחי טפחות');

    const chosen: string[] = [];
    rerender(<Combobox {...props} value="20" onChange={(value) => chosen.push(value)} />);
    await user.clear(box);
    await user.type(box, 'יהב{Enter}');
    expect(chosen).toEqual(['04']);
  });

  it('leaving the field takes the only match, or restores the choice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'בנק' }) as HTMLInputElement;
    await user.type(box, 'יהב');
    await user.tab();
    expect(screen.getByTestId('value').textContent).toBe('04');
    expect(box.value).toBe('04 – בנק יהב');
    await user.clear(box);
    await user.type(box, 'בנק');
    await user.tab();
    expect(screen.getByTestId('value').textContent).toBe('04');
    expect(box.value).toBe('04 – בנק יהב');
  });
});
