import { Fragment, type ReactNode } from 'react';

// Numbers, percentages and prices keep their left-to-right order inside right-to-left sentences ("5%", "₪0",
// "4.5:1"): each one is isolated in a <bdi dir="ltr">, the rest of the sentence stays plain text.
const NUMBER = /(₪?\d(?:[\d,.:]*\d)?%?)/;

export function withBidiNumbers(text: string): ReactNode {
  const parts = text.split(NUMBER);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <bdi key={index} dir="ltr">
        {part}
      </bdi>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
