import type { PipeTransform } from '@nestjs/common';
import { isOptionId, isTranslatableKind, type TranslatableKind } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';

/** A path id: a positive 32-bit integer. Anything else names nothing, so it is the same 404 as a foreign id. */
export function pathId(text: string): number {
  if (!/^[1-9]\d{0,9}$/.test(text)) throw new AppError('not_found');
  const id = Number(text);
  if (id > 2_147_483_647) throw new AppError('not_found');
  return id;
}

/** A group's or an option's path id: a UUID as the server writes them. Anything else names nothing: a 404. */
export function optionPathId(text: string): string {
  if (!isOptionId(text)) throw new AppError('not_found');
  return text;
}

/** `pathId` as a parameter pipe: `@Param('id', numericPathId) id: number`. */
export const numericPathId: PipeTransform<string, number> = { transform: pathId };

/** `optionPathId` as a parameter pipe: `@Param('id', uuidPathId) id: string`. */
export const uuidPathId: PipeTransform<string, string> = { transform: optionPathId };

/** A translated item's place in the path, `:kind/:id`: which kind of item, and its id in that kind's spelling. */
export interface MenuItemInPath {
  kind: TranslatableKind;
  itemId: string;
}

/** A kind the menu does not have names nothing, as a malformed id of a kind it has: the same 404 as an unknown id. */
export function menuItemOf(params: Record<string, string | undefined>): MenuItemInPath {
  const kind = params.kind ?? '';
  if (!isTranslatableKind(kind)) throw new AppError('not_found');
  const text = params.id ?? '';
  return { kind, itemId: kind === 'category' || kind === 'product' ? String(pathId(text)) : optionPathId(text) };
}

/** `menuItemOf` as a pipe of the whole path: `@Param(menuItemInPath) item: MenuItemInPath`. */
export const menuItemInPath: PipeTransform<Record<string, string | undefined>, MenuItemInPath> = {
  transform: menuItemOf,
};
