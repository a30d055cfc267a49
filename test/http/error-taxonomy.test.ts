import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  ApiError,
  AppError,
  BoardFetchError,
  ConcurrencyError,
  DeliveryError,
  DomainError,
  DuplicateError,
  ForumactifPageError,
  InvalidRulesetError,
  StorageUnavailableError,
} from "../../shared/errors.js";
import { errorAnswer, onError } from "../../shared/http/errors.js";

/** An app whose one route throws `error`, answered by the API's onError; `logged` gets what it logs. */
function throwing(error: Error) {
  const logged: Record<string, unknown>[] = [];
  const app = new Hono();
  app.get("/", () => {
    throw error;
  });
  app.onError(onError((line) => logged.push(line)));
  return { app, logged };
}

describe("CONTRACT 2 one error taxonomy (shared/errors.ts), mapped to answers in one place", () => {
  it("CONTRACT 2 every error of the taxonomy is an AppError with a code and a status", () => {
    const errors = [
      new DomainError("duel_finished", "Le duel est terminé."),
      new ApiError(401, "unauthorized", "Jeton manquant, invalide ou révoqué."),
      new InvalidRulesetError([{ path: "spells", message: "requis" }]),
      new ConcurrencyError("poudlard.1"),
      new StorageUnavailableError(new Error("down")),
      new DuplicateError("poudlard.1#post.7"),
      new DeliveryError("Discord : 500", true),
      new BoardFetchError("network", "socket hang up"),
      new ForumactifPageError("maintenance", "maintenance page"),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(AppError);
      expect(error.code, error.name).toMatch(/^[a-zA-Z_]+$/);
      expect(error.status, error.name).toBeGreaterThanOrEqual(400);
    }
    expect(new DomainError("duel_finished", "Le duel est terminé.").status).toBe(409);
  });

  it("CONTRACT 2 a 4xx error answers its code, its French message and its details", async () => {
    const { app } = throwing(new InvalidRulesetError([{ path: "spells.0.id", message: "requis" }]));
    const res = await app.request("/");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: "invalid_ruleset",
        message: "règlement invalide : spells.0.id : requis",
        details: [{ path: "spells.0.id", message: "requis" }],
      },
    });
  });

  it("CONTRACT 2 storage unavailable and a duel too busy to write are 503 with Retry-After, the cause never answered", async () => {
    const cases = [
      [
        new StorageUnavailableError(new Error("ECONNREFUSED 10.0.0.1")),
        "5",
        "storage_unavailable",
        "Stockage indisponible, réessayez.",
      ],
      [new ConcurrencyError("poudlard.1"), "1", "duel_busy", "Ce duel change en ce moment, réessayez."],
    ] as const;
    for (const [error, retryAfter, code, message] of cases) {
      const res = await throwing(error).app.request("/");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe(retryAfter);
      expect(await res.json()).toEqual({ error: { code, message } });
    }
  });

  it("CONTRACT 2 background errors (delivery, board, duplicate) reaching the edge are a 500 whose message is logged, not answered", async () => {
    for (const error of [
      new DeliveryError("secret https://hooks.example/abc", true),
      new BoardFetchError("network", "socket hang up at 10.0.0.1"),
      new DuplicateError("poudlard.1#post.7"),
    ]) {
      expect(errorAnswer(error)).toBeUndefined();
      const { app, logged } = throwing(error);
      const res = await app.request("/");
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: "internal_error", message: "Erreur interne." } });
      expect(logged.map((l) => l.error)).toEqual([error.message]);
    }
  });

  it("CONTRACT 2 an invalid body (zod) is 400 invalid_body with the bad fields", () => {
    const parsed = z.object({ name: z.string() }).safeParse({});
    if (parsed.success) throw new Error("the empty object must fail");
    expect(errorAnswer(parsed.error)).toMatchObject({
      status: 400,
      code: "invalid_body",
      message: "Corps de requête invalide.",
      details: [{ path: "name" }],
    });
  });
});
