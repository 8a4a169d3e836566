import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineEndpoint, isMemberEndpoint } from '../http/endpoint.ts';
import { operationNames } from '../operations.ts';
import { PERMISSION_KEYS, PERMISSIONS, roleMay } from './permissions.ts';
import { MEMBER_ROLES } from './roles.ts';

const endpoints = [...operationNames().keys()];

describe('the permissions', () => {
  it('are declared by every signed-in endpoint, and by no public or admin one', () => {
    const missing = endpoints.filter((endpoint) => isMemberEndpoint(endpoint) && !endpoint.permission);
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const stray = endpoints.filter((endpoint) => !isMemberEndpoint(endpoint) && endpoint.permission);
    expect(stray.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('cannot be left out of a signed-in declaration', () => {
    const answer = { 200: z.object({}) };
    // @ts-expect-error a signed-in endpoint must name its permission
    defineEndpoint({ method: 'GET', path: '/api/x', auth: 'required', summary: 'x', responses: answer, errors: [] });
    expect(isMemberEndpoint({ auth: 'optional' })).toBe(true);
    expect(isMemberEndpoint({ auth: 'admin' })).toBe(false);
  });

  it('keep billing, API tokens and webhooks for the owner, and let every role work on certificates', () => {
    expect(PERMISSIONS['billing.manage'].roles).toEqual(['owner']);
    expect(PERMISSIONS['apiAccess.manage'].roles).toEqual(['owner']);
    expect(PERMISSIONS['members.roles'].roles).toEqual(['owner']);
    expect(PERMISSIONS['members.invite'].roles).toEqual(['owner', 'office']);
    for (const role of MEMBER_ROLES) expect(roleMay(role, 'certificates.edit')).toBe(true);
    expect(roleMay('field', 'certificates.amend')).toBe(false);
  });

  it('give the owner every permission', () => {
    expect(PERMISSION_KEYS.filter((key) => !roleMay('owner', key))).toEqual([]);
  });
});
