import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { CriticalLine } from "../../shared/contract/critical-lines";
import { ErrorBody, FieldError } from "../../shared/contract/errors";
import { Expedition, Reception } from "../../shared/contract/shipments";
import { TaskLine } from "../../shared/contract/task-list";
import { Shipper, SmsMessage } from "../../shared/contract/trucks";
import { WebhookEndpoint } from "../../shared/contract/webhooks";

/** OpenAPI generated from the zod route schemas: JSON at /api/docs/json, UI at /api/docs. */
export const DOCS_PREFIX = "/api/docs";

/** A source file path (src/shared/x.ts) or an environment variable name (SMS_ENABLED). */
const SOURCE_PATH = /(?:\b[\w-]+\/)+[\w.-]+\.(?:ts|tsx|js|mjs|cjs)\b/;
const ENV_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/;
const INTERNAL = new RegExp(`${SOURCE_PATH.source}|${ENV_NAME.source}`);
const INTERNAL_ASIDE = new RegExp(`\\s*\\([^()]*(?:${INTERNAL.source})[^()]*\\)`, "g");

/**
 * A description as the public document shows it: route and contract comments may name the
 * source files and environment variables behind a rule, which the public surface does not
 * reveal. Asides naming them go; a sentence still naming one goes whole.
 */
export function publicDescription(text: string): string {
  const withoutAsides = text.replace(INTERNAL_ASIDE, "");
  if (!INTERNAL.test(withoutAsides)) return withoutAsides;
  return withoutAsides
    .split(/(?<=[.;:])\s+/)
    .filter((sentence) => !INTERNAL.test(sentence))
    .join(" ");
}

function cleanDescriptions<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cleanDescriptions) as T;
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      (key === "description" || key === "summary") && typeof inner === "string"
        ? publicDescription(inner)
        : cleanDescriptions(inner);
  }
  return out as T;
}

/**
 * Schemas the document names once, under components, and refers to wherever a route uses them.
 * Written out in place, the error answer alone was repeated 757 times: the document weighed
 * 1.27 MB and Swagger UI took 11 s to show it on a quiet machine.
 */
const documentedSchemas = z.registry<{ id: string }>();
for (const [schema, id] of [
  [ErrorBody, "Error"],
  [FieldError, "FieldError"],
  [Expedition, "Expedition"],
  [Reception, "Reception"],
  [Shipper, "Shipper"],
  [SmsMessage, "SmsMessage"],
  [TaskLine, "TaskLine"],
  [CriticalLine, "CriticalLine"],
  [WebhookEndpoint, "WebhookEndpoint"],
] as const) {
  documentedSchemas.add(schema, { id });
}
const transform = createJsonSchemaTransform({ schemaRegistry: documentedSchemas });
const withComponents = createJsonSchemaTransformObject({ schemaRegistry: documentedSchemas });

const COMPONENT_REF = "#/components/schemas/";

function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENT_REF)) {
        found.add(inner.slice(COMPONENT_REF.length));
      } else refsIn(inner, found);
    }
  }
  return found;
}

/**
 * The document without the components no route refers to: the transform writes each schema
 * twice, as read and as written ("ErrorInput"), and these are only ever answers.
 */
function withoutUnusedSchemas<T extends { paths?: unknown; components?: { schemas?: object } }>(
  document: T,
): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = refsIn(document.paths, new Set());
  // Components may refer to one another: follow them until nothing new turns up.
  for (let size = -1; size !== used.size; ) {
    size = used.size;
    for (const name of [...used]) refsIn((schemas as Record<string, unknown>)[name], used);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Yardline API",
        description:
          "Yard and dock management. Authenticate with POST /get-token, then send " +
          "`Authorization: Bearer <token>` (or `Token <token>`) and a `company` header.",
        version: "0.1.0",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          metricsToken: {
            type: "http",
            scheme: "bearer",
            description: "METRICS_TOKEN of the server (GET /metrics only)",
          },
          apiKeyAuth: {
            type: "apiKey",
            in: "header",
            name: "Authorization",
            description:
              "`Authorization: Api-Key <key>`: a company's API key (api/api-key), acting with " +
              "the key's role; the company header may be left out.",
          },
        },
      },
    },
    transform,
    transformObject: (documents) =>
      cleanDescriptions(withoutUnusedSchemas(withComponents(documents))),
  });
  // Swagger UI loads only files (no inline script): it runs under the app's strict CSP
  // (plugins/security-headers.ts); no validator badge (it would load an image from afar).
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, validatorUrl: false });
}
