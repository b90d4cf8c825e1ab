import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from './index.js';

// The server turns these schemas into OpenAPI: request bodies as they arrive, replies as they leave.
const entries = Object.entries(schemas).flatMap(([name, value]): [string, z.ZodType][] =>
  value instanceof z.ZodType ? [[name, value]] : [],
);
const bodies = entries.filter(([name]) => name.endsWith('BodySchema'));
// Schemas that only ever read requests (bodies, query strings, and the parts they are built from):
// their transforms have no JSON Schema as output, and they never describe a reply.
const readsRequestsOnly = (name: string) =>
  name.endsWith('BodySchema') ||
  name.endsWith('QuerySchema') ||
  [
    'personNameSchema',
    'simulatedDriverConfigSchema',
    'httpRelayDriverConfigSchema',
    'httpRelaySecretsSchema',
  ].includes(name);

describe('schemas as JSON Schema', () => {
  it.each(entries)('%s converts as input', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  it.each(entries.filter(([name]) => !readsRequestsOnly(name)))('%s converts as output', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it.each(bodies)('%s refuses unknown fields', (_name, schema) => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ additionalProperties: false });
  });
});
