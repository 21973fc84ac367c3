import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextWithValues } from './typed-text';

describe('a sentence with its values isolated by the server', () => {
  it('shows each FSI ... PDI value in a <bdi> and drops any other direction control', () => {
    const { container } = render(
      <p>
        <TextWithValues
          text={'החזר של \u2068₪14.00\u2069 בוצע על הזמנה \u2068b65e4fa6\u2069 של \u2068Cafe 48\u2069\u202e'}
        />
      </p>,
    );
    expect([...container.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([
      '₪14.00',
      'b65e4fa6',
      'Cafe 48',
    ]);
    expect(container.textContent).toBe('החזר של ₪14.00 בוצע על הזמנה b65e4fa6 של Cafe 48');
  });
});
