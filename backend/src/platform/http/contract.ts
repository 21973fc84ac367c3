import { setImmediate as nextTurn } from 'node:timers/promises';
import { Body, type PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';
import { parseWith } from './parse.js';

/** How a route reads its request part beyond the contract itself (decision 042). */
export interface ContractOptions {
  /**
   * An absent part is read as `{}`, so each required field is named with its own message (a settings form) rather
   * than the whole form refused at once.
   */
  absentAsEmpty?: boolean;
  /** A request the route answers without reading it (the contact form's honeypot): the value is then `undefined`. */
  unless?: (value: unknown) => boolean;
  /** The envelope's message from the fields' messages (a form showing one field's own words); else the generic one. */
  message?: (fields: Record<string, string>) => string | undefined;
}

/** The request part parsed with its shared contract; a refusal is `parseWith`'s 400, byte for byte. */
class ContractPipe<T extends z.ZodType> implements PipeTransform<unknown, Promise<z.output<T> | undefined>> {
  constructor(
    private readonly schema: T,
    private readonly options: ContractOptions,
  ) {}

  async transform(value: unknown): Promise<z.output<T> | undefined> {
    const { absentAsEmpty, unless, message } = this.options;
    if (unless?.(value)) return undefined;
    try {
      return parseWith(this.schema, absentAsEmpty ? (value ?? {}) : value, message);
    } catch (error) {
      // Refused a turn later, so a path parameter's own pipe (a malformed id: 404) answers first whatever the order of
      // the parameters, as when the method parsed the body itself after Nest had checked the path.
      await nextTurn();
      throw error;
    }
  }
}

/**
 * `@BodyOf(schema) input: Input`: the JSON body parsed with its contract from @tafrit/contracts. It runs after the
 * guards (the route's audience, its per-address limit) and before the method, as the method's own `parseWith` did.
 */
export const BodyOf = <T extends z.ZodType>(schema: T, options: ContractOptions = {}): ParameterDecorator =>
  Body(new ContractPipe(schema, options));

/** `@QueryOf(schema) query: Query`: the query string parsed with its contract, as `BodyOf` does the body. */
export const QueryOf = <T extends z.ZodType>(schema: T, options: ContractOptions = {}): ParameterDecorator =>
  Query(new ContractPipe(schema, options));

/** The type a contract parses to: `@BodyOf(schema) input: Parsed<typeof schema>`. */
export type Parsed<T extends z.ZodType> = z.output<T>;
