// zod -> the JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of the API's description: values
// as the API gives them (the output side of any parsing), without what a bare schema document
// carries but a schema inside OpenAPI must not ($schema, $id).
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** zod's integers are bounded by the safe-integer range: true of every JSON number, so left unsaid. */
function override({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

type Context = { zodSchema: unknown; jsonSchema: JsonSchema };

const bare = ({ $schema: _schema, $id: _id, ...rest }: JsonSchema): JsonSchema => rest;

/** One schema, inline. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return bare(z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', override }) as JsonSchema);
}

/**
 * Named schemas for components.schemas: a schema that holds another named one refers to it
 * (`$ref`) rather than repeating it. `about` gives some of them a description.
 */
export function schemasOf(
  named: ReadonlyMap<string, z.ZodType>,
  about: ReadonlyMap<string, string>,
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  const descriptions = new Map<unknown, string>();
  for (const [id, schema] of named) {
    registry.add(schema, { id });
    if (about.has(id)) descriptions.set(schema, about.get(id)!);
  }
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    // Descriptions go in here: zod reads other metadata (such as .meta()) from its global registry.
    override: (ctx: Context) => {
      override(ctx);
      if (descriptions.has(ctx.zodSchema)) ctx.jsonSchema.description = descriptions.get(ctx.zodSchema);
    },
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, bare(schema as JsonSchema)]));
}
