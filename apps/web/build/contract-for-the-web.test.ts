import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { contractForTheWeb, type Node } from './contract-for-the-web.ts';

const transformed = (code: string) => contractForTheWeb(code, parseAst(code) as unknown as Node).toString();

describe('the contract as the web build sees it', () => {
  it("keeps an endpoint's method, path and auth, and none of the server's fields", () => {
    const code = transformed(`
      export const signIn = defineEndpoint({
        method: 'POST',
        path: '/api/auth/signin',
        auth: 'none',
        summary: 'Sign in with email and password',
        body: signInRequestSchema,
        responses: { 200: sessionSchema },
        errors: [errorCodes.invalidCredentials],
        rateLimit: 'auth',
      });
      export const table = { signOut: defineEndpoint({ method: 'POST', path: '/api/auth/signout', auth: 'required', permission: 'account.own', errors: [] }) };
    `);
    expect(code).toContain(`defineEndpoint({method: 'POST',path: '/api/auth/signin',auth: 'none'})`);
    expect(code).toContain(`defineEndpoint({method: 'POST',path: '/api/auth/signout',auth: 'required'})`);
    for (const serverOnly of [
      'summary',
      'signInRequestSchema',
      'sessionSchema',
      'errorCodes',
      'rateLimit',
      'permission',
    ]) {
      expect(code).not.toContain(serverOnly);
    }
  });

  it('marks every top-level value pure, and leaves functions, literals and statements as they are', () => {
    const code = transformed(`
      export const sessionSchema = z.object({ access_token: z.string() });
      const limit = 254;
      export const isShort = (value) => value.length <= limit;
      register(sessionSchema);
    `);
    expect(code).toContain(
      'export const sessionSchema = /* @__PURE__ */ (() => (z.object({ access_token: z.string() })))();',
    );
    expect(code).toContain('const limit = 254;');
    expect(code).toContain('export const isShort = (value) => value.length <= limit;');
    expect(code).toContain('register(sessionSchema);');
  });
});
