import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import { authEndpoints } from '../auth/endpoints.ts';
import type { Certificate } from '../certificates/certificates.ts';
import type { CertificateListResponse } from '../certificates/collections.ts';
import { certificateEndpoints } from '../certificates/endpoints.ts';
import { fileEndpoints } from '../files/endpoints.ts';
import { healthEndpoints } from '../health/health.ts';
import { profileEndpoints } from '../profile/endpoints.ts';
import {
  type BodyOf,
  defineEndpoint,
  type Endpoint,
  endpointUrl,
  fillPath,
  openApiPath,
  type ParamsOf,
  type RequestInput,
  type SuccessBody,
} from './endpoint.ts';

const allEndpoints: Endpoint[] = [
  authEndpoints,
  certificateEndpoints,
  fileEndpoints,
  healthEndpoints,
  profileEndpoints,
].flatMap((group) => Object.values(group));

describe('fillPath', () => {
  it('fills each parameter, URL-encoded, so a value cannot reach another path', () => {
    expect(fillPath('/api/certificates/:id/pdf', { id: 'a/b c?d' })).toBe('/api/certificates/a%2Fb%20c%3Fd/pdf');
    expect(fillPath('/api/profile/:kind', { kind: 'logo' })).toBe('/api/profile/logo');
    expect(fillPath('/api/files/:id', { id: '../../etc/passwd' })).toBe('/api/files/..%2F..%2Fetc%2Fpasswd');
  });

  it('refuses to send a path with a parameter missing', () => {
    expect(() => fillPath('/api/certificates/:id', {})).toThrow('Missing path parameter "id"');
  });
});

describe('endpointUrl', () => {
  it('adds the query, leaving out what is not set', () => {
    expect(
      endpointUrl(certificateEndpoints.list, { query: { limit: 20, cursor: undefined, q: 'Smith & Co #2' } }),
    ).toBe('/api/certificates?limit=20&q=Smith%20%26%20Co%20%232');
    expect(endpointUrl(certificateEndpoints.usage)).toBe('/api/certificates/usage');
    expect(endpointUrl(certificateEndpoints.get, { params: { id: 'x' }, query: {} })).toBe('/api/certificates/x');
  });
});

describe('the declarations', () => {
  it('name each path parameter in their params schema, and nothing else', () => {
    for (const endpoint of allEndpoints) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      expect(Object.keys(endpoint.params?.shape ?? {}), endpoint.path).toEqual(inPath);
    }
  });

  it('declare each method and path once, with a summary and a success answer', () => {
    const operations = allEndpoints.map(({ method, path }) => `${method} ${openApiPath(path)}`);
    expect(new Set(operations).size).toBe(operations.length);
    for (const endpoint of allEndpoints) {
      expect(endpoint.summary).not.toBe('');
      expect(Object.keys(endpoint.responses).some((status) => status.startsWith('2'))).toBe(true);
    }
  });

  it('type the input, the handler side and the answer from the schemas', () => {
    expectTypeOf<ParamsOf<typeof certificateEndpoints.get>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<SuccessBody<typeof certificateEndpoints.get>>().toEqualTypeOf<Certificate>();
    expectTypeOf<SuccessBody<typeof certificateEndpoints.list>>().toEqualTypeOf<CertificateListResponse>();
    expectTypeOf<SuccessBody<typeof certificateEndpoints.pdf>>().toEqualTypeOf<never>();
    expectTypeOf<BodyOf<typeof certificateEndpoints.usage>>().toEqualTypeOf<undefined>();

    const update: RequestInput<typeof certificateEndpoints.update> = {
      params: { id: 'x' },
      body: { areas: 'Ensuite', revision: 0 },
    };
    expect(update.params.id).toBe('x');
    // @ts-expect-error the path's id is required
    const withoutId: RequestInput<typeof certificateEndpoints.update> = { body: { revision: 0 } };
    // @ts-expect-error profile images are the logo or the signature
    const wrongKind: RequestInput<typeof profileEndpoints.removeImage> = { params: { kind: 'banner' } };
    expect([withoutId, wrongKind]).toHaveLength(2);
  });

  it('cannot declare a path parameter without its schema', () => {
    const declare = () =>
      defineEndpoint({
        method: 'GET',
        path: '/api/things/:id',
        auth: 'none',
        summary: 'A thing',
        // @ts-expect-error `id` is in the path but not in params
        params: z.object({ name: z.string() }),
        responses: { 200: z.object({}) },
        errors: [],
      });
    expect(declare().path).toBe('/api/things/:id');
  });
});
