import type { Document, Operation, Parameter, Reference } from './openapi-document.ts';

/**
 * GET /api/docs: the API reference, rendered here from the OpenAPI document as one HTML page with
 * no script and nothing fetched (it works under the app's CSP, offline, and loads nothing on the
 * app's own pages): the guide (auth, pagination, rate limits, errors), then each operation by tag
 * with its parameters, body fields, answers, headers and examples.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** How deep nested fields are listed; deeper ones are in the JSON document. */
const MAX_FIELD_DEPTH = 4;

type Schema = Record<string, unknown>;
type Components = Document['components'];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The guide's light markdown: headings, numbered and bulleted lines, `code` and **bold**. */
function markdown(text: string): string {
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  const blocks: string[] = [];
  for (const block of text.split(/\n\n+/)) {
    const heading = /^## (.*)/.exec(block);
    if (heading) {
      blocks.push(`<h3>${inline(heading[1] ?? '')}</h3>`);
      const rest = block.split('\n').slice(1).join('\n');
      if (rest) blocks.push(markdown(rest));
      continue;
    }
    if (/^\d+\. /.test(block)) {
      const items = block.split(/\n(?=\d+\. )/).map((item) => `<li>${inline(item.replace(/^\d+\. /, ''))}</li>`);
      blocks.push(`<ol>${items.join('')}</ol>`);
    } else blocks.push(`<p>${inline(block)}</p>`);
  }
  return blocks.join('\n');
}

/** A parameter, or the shared one it refers to (`#/components/parameters/<name>`). */
function resolve(components: Components, value: Parameter | Reference): Parameter | undefined {
  if (!('$ref' in value)) return value;
  return components.parameters[value.$ref.split('/').pop() ?? ''];
}

/** A schema's type in words: `string (date-time)`, `one of: a, b`, `array of object`, `string or null`. */
function typeOf(schema: Schema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'object';
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any');
  if (type === 'array' && schema.items) return `array of ${typeOf(schema.items as Schema)}`;
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}

/** The object a schema holds (itself, its items, or its non-null variant), for listing its fields. */
function objectIn(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return objectIn(schema.items as Schema);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return variants?.map(objectIn).find(Boolean);
}

function fieldRows(schema: Schema, prefix = '', depth = 0): string[] {
  const object = objectIn(schema);
  if (!object || depth >= MAX_FIELD_DEPTH) return [];
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows: string[] = [];
  for (const [name, property] of Object.entries((object.properties ?? {}) as Record<string, Schema>)) {
    const path = `${prefix}${name}`;
    rows.push(
      `<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(typeOf(property))}</td><td>${required.has(name) ? 'yes' : ''}</td><td>${escapeHtml(String(property.description ?? ''))}</td></tr>`,
      ...fieldRows(property, `${path}.`, depth + 1),
    );
  }
  return rows;
}

function fieldTable(schema: Schema): string {
  const rows = fieldRows(schema);
  if (rows.length === 0) return `<p>${escapeHtml(typeOf(schema))}</p>`;
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const exampleBlock = (example: unknown) =>
  example === undefined
    ? ''
    : `<details><summary>Example</summary><pre>${escapeHtml(JSON.stringify(example, null, 2))}</pre></details>`;

function renderOperation(components: Components, method: string, path: string, operation: Operation): string {
  const parts: string[] = [];
  if (operation.description) parts.push(markdown(operation.description));
  const parameters = operation.parameters.flatMap((parameter) => resolve(components, parameter) ?? []);
  if (parameters.length > 0) {
    const rows = parameters.map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td><td>${escapeHtml(typeOf((parameter.schema ?? {}) as Schema))}</td><td>${parameter.required ? 'yes' : ''}</td><td>${escapeHtml(parameter.description ?? '')}</td></tr>`,
    );
    parts.push(
      `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    );
  }
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
    parts.push(`<h4>Request body (${escapeHtml(type)})</h4>`, fieldTable((media.schema ?? {}) as Schema));
    parts.push(exampleBlock(media.example));
  }
  parts.push('<h4>Responses</h4>');
  for (const [status, response] of Object.entries(operation.responses)) {
    const headers = Object.keys(response.headers ?? {});
    const lines = [`<p><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description)}</p>`];
    if (headers.length > 0)
      lines.push(`<p>Headers: ${headers.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ')}</p>`);
    for (const [type, media] of Object.entries(response.content ?? {})) {
      if (status.startsWith('2') || status === '303') {
        lines.push(
          `<p>${escapeHtml(type)}</p>`,
          fieldTable((media.schema ?? {}) as Schema),
          exampleBlock(media.example),
        );
      }
    }
    parts.push(`<div class="response">${lines.join('')}</div>`);
  }
  const id = operation.operationId;
  return `<section id="${escapeHtml(id)}"><h3><code class="method">${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code></h3><p>${escapeHtml(operation.summary)}</p><p class="meta">operationId <code>${escapeHtml(id)}</code></p>${parts.join('')}</section>`;
}

export function renderReference(document: Document): string {
  const { components } = document;
  const byTag = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  for (const [path, item = {}] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(components, method, path, operation)]);
      contents.set(tag, [
        ...(contents.get(tag) ?? []),
        `<li><a href="#${escapeHtml(operation.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
      ]);
    }
  }
  const tags = document.tags.filter((tag) => byTag.has(tag.name));
  const tagId = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
section { border-top: 1px solid #cbd5e1; padding: 0.5rem 0 1rem; }
h2 { margin-top: 2.5rem; }
h3 { font-size: 1.1rem; margin: 0.5rem 0; overflow-wrap: anywhere; }
h4 { font-size: 1rem; margin: 1rem 0 0.25rem; }
.method { font-weight: 700; }
.meta { color: #475569; font-size: 0.875rem; }
table { border-collapse: collapse; width: 100%; font-size: 0.875rem; display: block; overflow-x: auto; }
th, td { border: 1px solid #cbd5e1; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
pre { background: #f1f5f9; padding: 0.75rem; overflow-x: auto; font-size: 0.85rem; }
summary { cursor: pointer; }
</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)} reference</h1>
<p>Machine-readable: <a href="/api/docs/json">/api/docs/json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
${markdown(document.info.description)}
<nav aria-label="Operations"><h2>Operations</h2>${tags
    .map(
      (tag) =>
        `<h3><a href="#${tagId(tag.name)}">${escapeHtml(tag.name)}</a></h3><ul>${(contents.get(tag.name) ?? []).join('')}</ul>`,
    )
    .join('\n')}</nav>
${tags
  .map(
    (tag) =>
      `<h2 id="${tagId(tag.name)}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description)}</p>\n${(byTag.get(tag.name) ?? []).join('\n')}`,
  )
  .join('\n')}
</body>
</html>
`;
}
