import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMemberEndpoint } from '../http/endpoint.ts';
import { operationNames } from '../operations.ts';
import { PERMISSION_KEYS, PERMISSIONS, roleMay } from './permissions.ts';
import { MEMBER_ROLES } from './roles.ts';

const endpoints = [...operationNames().keys()];

/** The table PRODUCT.md (Teams) prints, made from PERMISSIONS. */
const permissionTable = () =>
  [
    `| Permission | What it allows | ${MEMBER_ROLES.join(' | ')} |`,
    `|---|---|${MEMBER_ROLES.map(() => '---|').join('')}`,
    ...PERMISSION_KEYS.map(
      (key) =>
        `| \`${key}\` | ${PERMISSIONS[key].allows} | ${MEMBER_ROLES.map((role) => (roleMay(role, key) ? 'yes' : 'no')).join(' | ')} |`,
    ),
  ].join('\n');

describe('the permissions', () => {
  it('are declared by every signed-in endpoint, and by no public or admin one', () => {
    const missing = endpoints.filter((endpoint) => isMemberEndpoint(endpoint) && !endpoint.permission);
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const stray = endpoints.filter((endpoint) => !isMemberEndpoint(endpoint) && endpoint.permission);
    expect(stray.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
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

  it('are printed in PRODUCT.md (Teams) as the table says them', () => {
    const product = readFileSync(new URL('../../../../docs/PRODUCT.md', import.meta.url), 'utf8');
    const teams = product.split(/^## /m).find((section) => section.startsWith('Teams\n')) ?? '';
    const printed = teams.split('\n').filter((line) => line.startsWith('|'));
    expect(printed.join('\n')).toEqual(permissionTable());
  });
});
