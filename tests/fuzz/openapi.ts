/** The parts of an OpenAPI 3.1 document the fuzz test reads. */
export interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface DocParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  schema?: Schema;
}

interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocOperation>>;
}

export interface Operation {
  method: string;
  path: string;
  parameters: DocParameter[];
  body?: Schema;
  /** Answers a never-ending stream (server-sent events) when it succeeds. */
  streams: boolean;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);
const STREAMING = new Set(["/api/events"]);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const body = operation.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method,
        path,
        parameters: operation.parameters ?? [],
        ...(body ? { body } : {}),
        streams: STREAMING.has(path),
      });
    }
  }
  return operations;
}
