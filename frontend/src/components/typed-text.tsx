import { withoutDirectionControls } from '@tafrit/contracts/text';
import type { HTMLAttributes } from 'react';

/**
 * Text a person typed (a name, a choice, the remarks), isolated in a `<bdi>` and without the embedding, override and
 * isolate controls (issue 29): orders recorded before the contracts removed them still carry them, and an override
 * left open in a remark turned its "123" into "321". Nothing in it can turn the page's text around it.
 */
export function TypedText({ text, ...attributes }: { text: string } & HTMLAttributes<HTMLElement>) {
  return <bdi {...attributes}>{withoutDirectionControls(text)}</bdi>;
}
