import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';

// Cardcom's own OpenAPI definition of API v11 (the copy the fake Cardcom uses), for checking any of its schemas: the
// fake compiles only the calls it serves; the hold's calls (issue 34) need TransactionReq, TransactionInfo and
// GetExternalUniqTranIdStatusReq too. The definition's NSwag habits are translated as the fake does (see there).
const definition = JSON.parse(readFileSync(new URL('./cardcom-api-v11.openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, unknown> };
};

export type CardcomDefinitionSchema =
  'CreateLowProfile' | 'LowProfileResult' | 'TransactionReq' | 'TransactionInfo' | 'GetExternalUniqTranIdStatusReq';

const compiled = new Map<string, ValidateFunction>();
let ajv: Ajv | undefined;

/** The definition's complaints about `value` as `schema` (empty when it conforms). */
export function cardcomDefinitionErrors(schema: CardcomDefinitionSchema, value: unknown): string[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  const specific = errors.filter(
    (error) =>
      !['anyOf', 'oneOf'].includes(error.keyword) && !(error.keyword === 'type' && error.params.type === 'null'),
  );
  return (specific.length > 0 ? specific : errors).map((error) => `${schema}${error.instancePath} ${error.message}`);
}

/** The enum values the definition gives a schema (`Operation`, `JValidateType`, ...). */
export function cardcomEnum(name: string): unknown[] {
  return (definition.components.schemas[name] as { enum?: unknown[] }).enum ?? [];
}

function validatorOf(name: CardcomDefinitionSchema): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile({ $ref: `cardcom-v11-all#/definitions/${name}` });
    compiled.set(name, validate);
  }
  return validate;
}

const ROOTS: CardcomDefinitionSchema[] = [
  'CreateLowProfile',
  'LowProfileResult',
  'TransactionReq',
  'TransactionInfo',
  'GetExternalUniqTranIdStatusReq',
];

function createAjv(): Ajv {
  const instance = new Ajv({ allErrors: true, strictTypes: false });
  formats.default(instance, ['date-time', 'int32', 'int64']);
  instance.addFormat('guid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  instance.addFormat('decimal', { type: 'number', validate: (value: number) => Number.isFinite(value) });
  instance.addSchema({ $id: 'cardcom-v11-all', definitions: toJsonSchema(reachable(ROOTS)) });
  return instance;
}

// Elsewhere the definition has flaws Ajv rejects (HttpStatusCode's enum repeats a value), so only what is used.
function reachable(roots: readonly string[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const queue = [...roots];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (name in found) continue;
    const schema = definition.components.schemas[name];
    found[name] = schema;
    for (const [, ref] of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) queue.push(ref ?? '');
  }
  return found;
}

/** `nullable` as a null alternative, `allOf` parts merged into one closed object, `x-` keywords dropped. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const { nullable, allOf, ...rest } = node as Record<string, unknown> & { allOf?: unknown[] };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key.startsWith('x-')) continue;
    out[key] = key === '$ref' ? String(value).replace('#/components/schemas/', '#/definitions/') : toJsonSchema(value);
  }
  if (allOf) Object.assign(out, mergeObjects(allOf.map((part) => toJsonSchema(resolve(part)))));
  return nullable === true ? { anyOf: [{ type: 'null' }, out] } : out;
}

function resolve(part: unknown): unknown {
  const ref = (part as { $ref?: string }).$ref;
  return ref ? definition.components.schemas[ref.replace('#/components/schemas/', '')] : part;
}

function mergeObjects(parts: unknown[]) {
  const merged = { type: 'object', properties: {}, required: [] as string[], additionalProperties: false };
  for (const part of parts as { properties?: object; required?: string[] }[]) {
    Object.assign(merged.properties, part.properties);
    merged.required.push(...(part.required ?? []));
  }
  return merged;
}
