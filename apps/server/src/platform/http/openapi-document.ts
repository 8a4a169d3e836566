/** The parts of an OpenAPI 3.1 document ours uses (openapi-types' 3.1 types mix in 3.0's). */

export type OpenApiMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'patch' | 'trace';
export type JsonSchema = Record<string, unknown>;
export type Reference = { $ref: string };
export type Parameter = {
  in: 'path' | 'query';
  name: string;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
};
type MediaType = { schema: JsonSchema | Reference; example?: unknown };
type Response = { description: string; headers?: Record<string, Reference>; content?: Record<string, MediaType> };
export type Responses = Record<string, Response>;
export type RequestBody = { required: boolean; content: Record<string, MediaType> };
export type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters: Array<Parameter | Reference>;
  requestBody?: RequestBody;
  responses: Responses;
  security: Array<Record<string, string[]>>;
};
type Header = { description: string; required: boolean; schema: JsonSchema };
export type Document = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<OpenApiMethod, Operation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, Parameter>;
    headers: Record<string, Header>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat?: string; description: string }>;
  };
};
