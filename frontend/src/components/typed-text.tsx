import { withoutDirectionControls } from '@tafrit/contracts/text';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * Text a person typed (a name, a choice, the remarks), isolated in a `<bdi>` and without the embedding, override and
 * isolate controls (issue 29): orders recorded before the contracts removed them still carry them, and an override
 * left open in a remark turned its "123" into "321". Nothing in it can turn the page's text around it.
 */
export function TypedText({ text, ...attributes }: { text: string } & HTMLAttributes<HTMLElement>) {
  return <bdi {...attributes}>{withoutDirectionControls(text)}</bdi>;
}

const ISOLATED_PART = /\u2068([^\u2066-\u2069]*)\u2069/g;

/**
 * A sentence the server wrote with each value between FSI and PDI (the administrator's audit lines): each value in a
 * `<bdi>`, so an amount, an order id or a Latin name reads whole inside the Hebrew; any other control is dropped.
 */
export function TextWithValues({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ISOLATED_PART)) {
    if (match.index > last) parts.push(withoutDirectionControls(text.slice(last, match.index)));
    parts.push(<bdi key={match.index}>{match[1]}</bdi>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(withoutDirectionControls(text.slice(last)));
  return <>{parts}</>;
}
