import type { PipeTransform } from '@nestjs/common';
import { isOptionId } from '@tafrit/contracts';
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
