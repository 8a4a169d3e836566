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
    const stringify: (data: unknown) => string = fastJson(jsonSchema as AnySchema);
    if (!checkAgainstContract) return stringify;
    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
