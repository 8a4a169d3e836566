import type { Schema } from '@app/contract';
import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';

/**
 * Writes JSON answers with fast-json-stringify, compiled once per route and status from the
 * contract's zod schema (as JSON Schema): no zod pass per answer on the hot path (ADR 0014).
 * Properties the schema does not name are left out, as zod's encode left them out, so nothing a
 * declaration does not list can leak. With `checkAgainstContract` (every app but the production
 * server: tests, scripts) each answer is first encoded by zod, so an answer that breaks its contract
 * fails loudly in the test suite.
 */
export function responseSerializerCompiler(checkAgainstContract: boolean): FastifySerializerCompiler<Schema> {
  return ({ schema, method, url }) => {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    // zod's JSON Schema type and fast-json-stringify's describe the same draft-07 documents.
    const stringify: (data: unknown) => string = fastJson(withNullableTypes(jsonSchema) as AnySchema);
    if (!checkAgainstContract) return stringify;
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}

type JsonSchemaNode = { [key: string]: unknown };

const isNode = (value: unknown): value is JsonSchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes a nullable object (`made_by`) as `anyOf: [{type: 'object', …}, {type: 'null'}]`, which
 * fast-json-stringify serialises by running an ajv validator on every value to pick the branch.
 * The same document with `type: ['object', 'null']` is serialised by a null check (ADR 0091). Only
 * that exact pair is rewritten; any other anyOf is left as zod wrote it. The walk is over our own
 * contract's schema, never over a caller's input.
 */
export function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (!isNode(node)) return node;
  const rewritten = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullableTypes(value)]));
  const { anyOf, ...rest } = rewritten;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return rewritten;
  const [value, alternative] = anyOf as unknown[];
  const nullOnly = isNode(alternative) && alternative.type === 'null' && Object.keys(alternative).length === 1;
  if (!nullOnly || !isNode(value) || typeof value.type !== 'string' || value.type === 'null') return rewritten;
  return { ...rest, ...value, type: [value.type, 'null'] };
}
