import * as z from "zod";
import type { $ZodType } from "zod/v4/core";
import { type Auth, OPERATIONS, type Operation, type Role } from "./api-operations.js";

const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/**
 * A request body's JSON Schema: the input side (defaults optional), without its own `$schema`. The
 * schema is zod classic's or zod/mini's (the webhooks' bodies, the referee's commands): both are
 * zod core schemas, which `z.toJSONSchema` reads.
 */
function jsonSchema(schema: $ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

export interface OperationObject {
  readonly summary: string;
  /** How the caller authenticates, for the docs page (the webhooks sign rather than carry a token). */
  readonly "x-auth": Auth;
  /** Who may call it with a Bearer token, each within their own forum (CONTRACT.md 3.1). */
  readonly "x-roles"?: readonly Role[];
  readonly security: readonly Record<string, readonly string[]>[];
  readonly parameters?: readonly { name?: string; in: string }[];
  readonly requestBody?: {
    readonly required: boolean;
    readonly content: { readonly "application/json": { readonly schema: unknown } };
  };
  readonly responses: Readonly<Record<string, { readonly description: string }>>;
}

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, OperationObject>>>>;
  readonly components: Readonly<Record<string, unknown>>;
}

function operationObject(op: Operation): OperationObject {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const query = Object.entries(op.query ?? {}).map(([name, description]) => ({
    name,
    in: "query",
    required: false,
    description,
    schema: { type: "string" },
  }));
  const error = {
    description: "Erreur (CONTRACT.md section 2).",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Erreur" } } },
  };
  return {
    summary: op.summary,
    "x-auth": op.auth,
    ...(op.roles ? { "x-roles": op.roles } : {}),
    security: op.auth === "admin" ? [{ jeton: [] }] : [],
    ...(params.length + query.length > 0 ? { parameters: [...params, ...query] } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } } }
      : {}),
    responses: {
      ...Object.fromEntries(Object.entries(op.ok).map(([status, description]) => [status, { description }])),
      "4XX": error,
    },
  };
}

let cached: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document, built once from the same zod schemas the routes validate with. */
export function openApiDocument(): OpenApiDocument {
  if (cached) return cached;
  const paths: Record<string, Record<string, OperationObject>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "API de l'arbitre des duels",
      version: "0.1.0",
      description:
        "Contrat : shared/CONTRACT.md. Trois rôles (section 3.1) : l'opérateur (jeton d'administration du " +
        "déploiement, tous les forums), l'administrateur d'un forum et l'arbitre d'un forum (jetons émis par " +
        "POST /forums/{forumId}/credentials). Un jeton s'envoie dans l'en-tête Authorization: Bearer, jamais " +
        "dans l'adresse (?token= est refusé, 400 token_in_url). Un jeton utilisé sur un autre forum reçoit " +
        "403 forbidden_forum ; un rôle insuffisant, 403 forbidden_role.",
    },
    paths,
    components: {
      schemas: { Erreur: jsonSchema(errorSchema) },
      securitySchemes: {
        jeton: {
          type: "http",
          scheme: "bearer",
          description: "Jeton de l'opérateur, ou jeton émis pour un forum (administrateur ou arbitre).",
        },
      },
    },
  };
  return cached;
}
