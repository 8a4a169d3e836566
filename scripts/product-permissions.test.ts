import { readFileSync } from 'node:fs';
import { MEMBER_ROLES, PERMISSION_KEYS, PERMISSIONS, roleMay } from '@app/contract';
import { describe, expect, it } from 'vitest';

/** The table PRODUCT.md (Teams) prints, made from the contract's PERMISSIONS (ADR 0081). */
const permissionTable = () =>
  [
    `| Permission | What it allows | ${MEMBER_ROLES.join(' | ')} |`,
    `|---|---|${MEMBER_ROLES.map(() => '---|').join('')}`,
    ...PERMISSION_KEYS.map(
      (key) =>
        `| \`${key}\` | ${PERMISSIONS[key].allows} | ${MEMBER_ROLES.map((role) => (roleMay(role, key) ? 'yes' : 'no')).join(' | ')} |`,
    ),
  ].join('\n');

describe('PRODUCT.md, Teams', () => {
  it('prints the permission table as the contract declares it', () => {
    const product = readFileSync(new URL('../docs/PRODUCT.md', import.meta.url), 'utf8');
    const teams = product.split(/^## /m).find((section) => section.startsWith('Teams\n')) ?? '';
    const printed = teams.split('\n').filter((line) => line.startsWith('|'));
    expect(printed.join('\n')).toEqual(permissionTable());
  });
});
