import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type MenuItemTranslations, menuTranslationsInputSchema } from '@tafrit/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BodyOf } from '../../../platform/http/contract.js';
import { parseWith } from '../../../platform/http/parse.js';
import { menuItemOf } from './owner-ids.js';

/**
 * `@MenuBody(schema) input: Parsed<typeof schema>`: a menu edit's JSON body. An absent body is `{}`, so the owner's
 * form hears which field is missing rather than a refusal of the whole body.
 */
export const MenuBody = <T extends z.ZodType>(schema: T): ParameterDecorator => BodyOf(schema, { absentAsEmpty: true });

/**
 * `@TranslationsBody() input: MenuItemTranslations` on `:kind/:id`: the body parsed with the contract of the item's
 * kind, which only the path says (so not `MenuBody`, whose contract is fixed); absent, it is `{}`. The path is read
 * first, so a kind or an id the menu does not have answers 404 whatever the body, as when the method parsed the body
 * after the path.
 */
export const TranslationsBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): MenuItemTranslations => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { kind } = menuItemOf(request.params as Record<string, string | undefined>);
    return parseWith(menuTranslationsInputSchema(kind), request.body ?? {});
  },
);
