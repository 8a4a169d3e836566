import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** What the web reads of an endpoint's declaration (lib/http.ts, lib/api-client.ts): the rest is the server's. */
const WEB_FIELDS = new Set(['method', 'path', 'auth']);
const CONTRACT_SOURCE = /\/packages\/contract\/src\/.*\.ts$/;

export type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* descendants(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* descendants(child);
  }
}

/**
 * The contract's top-level values (schemas, endpoint tables, rule tables) are declarations: building
 * one has no effect but the value, which the bundler cannot tell of zod's calls by itself.
 * Functions, literals and names need no mark.
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
 * The contract's source as the web build needs it (ADR 0084): each `defineEndpoint({...})` keeps only
 * the fields the web reads, so the server-only ones (summary, schemas, errors, rateLimit,
 * permission…) reference nothing; and every top-level value is marked pure, so the bundler drops
 * those no page reads, schemas first, and zod with them.
 */
export function contractForTheWeb(code: string, program: Node): MagicString {
  const source = new MagicString(code);
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
  return source;
}

/** The web build's view of packages/contract; the server, the tests and the OpenAPI document read its source as it is. */
export function contractForTheWebBuild(): Plugin {
  return {
    name: 'tradecert:contract-for-the-web',
    apply: 'build',
    // After TypeScript is stripped, so the parser reads plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const source = contractForTheWeb(code, this.parse(code) as unknown as Node);
      return { code: source.toString(), map: source.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
