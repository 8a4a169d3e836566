import { type CertificateSummary, certificateListResponseSchema, type Schema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { responseSerializerCompiler, withNullableTypes } from './response-serializer.ts';

const compile = (schema: Schema, check: boolean) =>
  responseSerializerCompiler(check)({ schema, method: 'GET', url: '/api/probe', httpStatus: '200' });

const summary: CertificateSummary = {
  id: '4f8e6a52-1d2c-4b8a-9d51-6a7c0f3e2b11',
  certificate_number: null,
  job_site_address: '12 "Quoted" St, Bondi \u2028 NSW',
  installation_date: '2026-11-20',
  status: 'completed',
  standards: ['AS 3740-2021', 'Other: "site spec"'],
  photo_count: 3,
  thumbnail_url: null,
  version: 1,
  signed: false,
  made_by: { user_id: '9b0e2c1d-6f3a-4e5b-8c7d-1a2b3c4d5e6f', name: 'Sam "Sparky" Taylor' },
  created_at: '2026-11-23T03:55:16.123Z',
  updated_at: '2026-11-23T03:55:16.124Z',
};

describe('the response serializer', () => {
  it('writes what zod’s encode writes, unchecked as checked', () => {
    const answer = { items: [summary, { ...summary, certificate_number: 'WPC-2026-0001' }], next_cursor: null };
    const expected = JSON.stringify(z.encode(certificateListResponseSchema, answer));
    for (const check of [true, false]) {
      const written = compile(certificateListResponseSchema, check)(answer);
      expect(JSON.parse(written)).toEqual(JSON.parse(expected));
    }
  });

  it('writes a maker gone (null) as zod does, and a nullable object with a null check rather than anyOf', () => {
    const answer = { items: [{ ...summary, made_by: null }, summary], next_cursor: 'next' };
    const expected = JSON.stringify(z.encode(certificateListResponseSchema, answer));
    expect(JSON.parse(compile(certificateListResponseSchema, false)(answer))).toEqual(JSON.parse(expected));
    const object = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    expect(withNullableTypes({ anyOf: [object, { type: 'null' }] })).toEqual({ ...object, type: ['object', 'null'] });
    const choice = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(withNullableTypes(choice)).toEqual(choice);
  });

  it('leaves out what the contract does not name, even unchecked', () => {
    const leaky = { items: [{ ...summary, user_id: 'someone-else', photos: ['secret'] }], next_cursor: null, debug: 1 };
    const written = JSON.parse(compile(certificateListResponseSchema, false)(leaky));
    expect(Object.keys(written)).toEqual(['items', 'next_cursor']);
    expect(Object.keys(written.items[0])).not.toContain('user_id');
    expect(Object.keys(written.items[0])).not.toContain('photos');
  });

  it('refuses an answer that breaks its contract when checking', () => {
    const broken = { items: [{ ...summary, status: 'deleted' }], next_cursor: null };
    expect(() => compile(certificateListResponseSchema, true)(broken)).toThrow();
  });
});
