import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** What the web reads of an endpoint's declaration (lib/http.ts, lib/api-client.ts): the rest is the server's. */
const WEB_FIELDS = new Set(['method', 'path', 'auth']);
const CONTRACT_SOURCE = /\/packages\/contract\/src\/.*\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* descendants(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* descendants(child);
  }
}

/**
 * The contract's top-level values (schemas, endpoint tables, rule tables) are declarations: building one
 * has no effect but the value. Marked so, the bundler drops those a page does not read (it cannot tell
 * that zod's calls are pure by itself). Functions and plain literals need no mark.
 */
function* topLevelInitialisers(program: Node): Generator<Node> {
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const initialiser = declarator.init as Node | null;
      if (initialiser && !DECLARATIVE_VALUES.has(initialiser.type)) yield initialiser;
    }
  }
}
const DECLARATIVE_VALUES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'Literal', 'Identifier']);

const propertyName = (property: Node) => {
  const key = property.key as Node & { name?: string; value?: unknown };
  return property.computed ? undefined : (key.name ?? String(key.value));
};

/**
 * ADR 0084: in the web build, each `defineEndpoint({...})` of the contract keeps only the fields the
 * web reads. The server-only fields (summary, schemas, errors, rateLimit, permission…) then
 * reference nothing, so the schemas no page validates with, and zod itself, leave the bundles.
 * The server, the tests and the OpenAPI document read the contract's source untouched.
 */
export function webEndpoints(): Plugin {
  return {
    name: 'tradecert:web-endpoints',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const source = new MagicString(code);
      const program = this.parse(code) as unknown as Node;
      for (const initialiser of topLevelInitialisers(program)) {
        source.prependLeft(initialiser.start, '/* @__PURE__ */ (() => (');
        source.appendRight(initialiser.end, '))()');
      }
      for (const node of descendants(program)) {
        const callee = node.callee as (Node & { name?: string }) | undefined;
        const [declaration] = (node.arguments as Node[] | undefined) ?? [];
        if (node.type !== 'CallExpression' || callee?.name !== 'defineEndpoint') continue;
        if (declaration?.type !== 'ObjectExpression') continue;
        const kept = (declaration.properties as Node[])
          .filter((property) => property.type === 'Property' && WEB_FIELDS.has(propertyName(property) ?? ''))
          .map((property) => code.slice(property.start, property.end));
        source.overwrite(declaration.start, declaration.end, `{${kept.join(',')}}`);
      }
      return { code: source.toString(), map: source.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
