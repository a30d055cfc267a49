import { createHmac } from "node:crypto";
import fc from "fast-check";
import { refereeCommandBodySchema } from "../../shared/domain/referee-actions.js";
import {
  clockBodySchema,
  discoursePostSchema,
  forumBodySchema,
  genericWebhookSchema,
  registerBodySchema,
} from "../../shared/http/schemas.js";
import { discourseFixture } from "../support/discourse.js";
import { DUEL_BODY, postPayload, turnContent } from "../support/duels.js";
import { ADMIN_TOKEN, DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";

/**
 * Generated requests that must be refused (CONTRACT.md section 2): forged and stale webhooks,
 * signed webhooks whose bodies are invalid, admin calls without the token or with invalid bodies,
 * wrong methods and content types, random paths, invalid UTF-8, deep and huge JSON. Bodies are
 * random or mutations of valid ones. The app's own schemas only keep the generator honest: a
 * "signed invalid" body that happens to be valid is dropped, so no generated request may change state.
 */
export interface BadRequest {
  readonly family: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  /** Must be 4xx; otherwise anything under 500 will do (a page's redirect to its login form). */
  readonly refused: boolean;
}

export const DUEL_ID = "poudlard.1234";
const ALICE = { id: "42", name: "Alice Dubois" };
const WRONG_SAME_LENGTH = ADMIN_TOKEN.replace(/.$/, (c) => (c === "x" ? "y" : "x"));
const OTHER_SECRET = `whsec_${Buffer.from("another-forum-secret-32-bytes!!!").toString("base64")}`;

/** The valid documents the mutations start from. */
export const BASES = {
  generic: postPayload({
    postId: "5551",
    author: ALICE,
    createdAt: "2026-11-30T10:05:00Z",
    content: turnContent("Bob Martin"),
  }),
  discourse: {
    post: {
      ...discourseFixture("post_created").body.post,
      id: 5552,
      topic_id: 1234,
      user_id: 42,
      raw: turnContent("Bob Martin"),
      created_at: "2026-11-30T10:06:00.000Z",
      updated_at: "2026-11-30T10:06:00.000Z",
    },
  },
  forum: {
    name: "Poudlard RPG",
    webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET },
    referees: [{ id: "7", name: "Minerva McGonagall" }],
    notify: [{ type: "log" }],
  },
  register: { ...DUEL_BODY, threadId: "9999" },
  command: { command: "adjust-points", duelistId: "42", delta: -3, reason: "test" },
  clock: { advance: "PT1H" },
} as const;

/**
 * A Standard Webhooks `v1` signature, as the `standardwebhooks` library makes it (HMAC-SHA256 of
 * `{id}.{seconds}.{body}` with the secret's base64 key), but with node:crypto: the library's pure-JS
 * SHA-256 over the generator's megabyte bodies was a large share of the generator's time. The same
 * requests as with the library; bad-input.test.ts checks that both sign alike.
 */
export function librarySignature(secret: string, id: string, at: Date, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const seconds = Math.floor(at.getTime() / 1000);
  return `v1,${createHmac("sha256", key).update(`${id}.${seconds}.${body}`, "utf8").digest("base64")}`;
}

const text = (body: string | Uint8Array): string =>
  typeof body === "string" ? body : new TextDecoder().decode(body);

/** Verdicts on the large bodies, which are drawn again and again (`deepJson`, `hugeJson`). */
const verdicts = new Map<(value: unknown) => boolean, Map<string, boolean>>();
const REMEMBERED_FROM = 64 * 1024;

function parses(body: string | Uint8Array, valid: (value: unknown) => boolean): boolean {
  const remembered = typeof body === "string" && body.length >= REMEMBERED_FROM;
  const known = remembered ? verdicts.get(valid)?.get(body) : undefined;
  if (known !== undefined) return known;
  let verdict: boolean;
  try {
    verdict = valid(JSON.parse(text(body)));
  } catch {
    verdict = false;
  }
  if (remembered) {
    let byBody = verdicts.get(valid);
    if (!byBody) {
      byBody = new Map();
      verdicts.set(valid, byBody);
    }
    byBody.set(body, verdict);
  }
  return verdict;
}

/** Valid as the app would take it: then the request could change state, so it is not generated. */
export const validates = {
  generic: (v: unknown) => {
    const r = genericWebhookSchema.safeParse(v);
    return r.success && (r.data.type === "post.deleted" || r.data.data.content !== undefined);
  },
  discourse: (v: unknown) => discoursePostSchema.safeParse(v).success,
  forum: (v: unknown) => forumBodySchema.safeParse(v).success,
  register: (v: unknown) => registerBodySchema.safeParse(v).success,
  command: (v: unknown) => refereeCommandBodySchema.safeParse(v).success,
  clock: (v: unknown) => clockBodySchema.safeParse(v).success,
};

// ---------------------------------------------------------------------------------------------
// Bodies.
// ---------------------------------------------------------------------------------------------

type Path = readonly (string | number)[];

function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [at];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [at, ...keys.flatMap((k) => pathsOf((value as Record<string | number, unknown>)[k], [...at, k]))];
}

function edit(base: unknown, path: Path, op: "delete" | "replace" | "rename", value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  if (path.length === 0) return op === "delete" ? null : value;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (op === "delete") {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else if (op === "rename" && !Array.isArray(node)) {
    node[`${String(last)}_`] = node[last];
    delete node[last];
  } else node[last] = value;
  return copy;
}

/** A valid document with one field deleted, renamed or replaced by any JSON value. */
function mutatedJson(base: unknown): fc.Arbitrary<string> {
  const paths = pathsOf(base);
  return fc
    .record({
      path: fc.constantFrom(...paths),
      op: fc.constantFrom("delete", "replace", "replace", "rename") as fc.Arbitrary<
        "delete" | "replace" | "rename"
      >,
      value: fc.jsonValue({ maxDepth: 2 }),
    })
    .map(({ path, op, value }) => JSON.stringify(edit(base, path, op, value)));
}

/** The valid document's text, cut and spliced at a random place. */
function mutatedText(base: unknown): fc.Arbitrary<string> {
  const raw = JSON.stringify(base);
  return fc
    .record({ at: fc.nat(raw.length), cut: fc.nat(12), insert: fc.string({ unit: "binary", maxLength: 6 }) })
    .map(({ at, cut, insert }) => raw.slice(0, at) + insert + raw.slice(at + cut));
}

const BAD_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xf8, 0x88, 0x80, 0x80],
];

/** The valid document's bytes with an invalid UTF-8 sequence inside. */
function invalidUtf8(base: unknown): fc.Arbitrary<Uint8Array> {
  const bytes = Buffer.from(JSON.stringify(base), "utf8");
  return fc
    .record({ at: fc.nat(bytes.length), bad: fc.constantFrom(...BAD_UTF8) })
    .map(({ at, bad }) => new Uint8Array([...bytes.subarray(0, at), ...bad, ...bytes.subarray(at)]));
}

/**
 * Arrays or objects nested from 100 to 200,000 deep (under 1 MiB), each kind at depths from what a
 * recursive walk survives to far beyond it. Written once: a deep body costs a parser as much as a
 * megabyte, and the generator checks each body it draws (`parses`, which remembers its verdicts on
 * these).
 */
const DEEP_DEPTHS = [100, 1_000, 10_000, 30_000, 100_000, 200_000];
const deepJson: fc.Arbitrary<string> = fc.constantFrom(
  ...DEEP_DEPTHS.flatMap((depth) => {
    const open = '{"a":'.repeat(Math.min(depth, 150_000));
    const nested = `${open}1${"}".repeat(Math.min(depth, 150_000))}`;
    return [
      `${"[".repeat(depth)}${"]".repeat(depth)}`,
      nested,
      JSON.stringify({ type: "post.created", data: { threadId: "1234" } }).replace('"1234"', nested),
    ];
  }),
);

/**
 * Large bodies: some just over 1 MiB (413), some under it with a text too long to store (413).
 * Three documents, written once: building a megabyte anew for every request costs more than sending it.
 */
const hugeJson: fc.Arbitrary<string> = fc.constantFrom(
  ...[600_000, 1_048_577, 1_500_000].map((n) =>
    JSON.stringify({
      ...BASES.generic,
      data: { ...BASES.generic.data, content: "x".repeat(n) },
    }),
  ),
);

const randomText: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("", "null", "[]", "{}", '"x"', "1e999", "{", "<xml/>", "a=1&b=2"),
);

/** Any body, from the valid document's neighbourhood to garbage. */
export function bodyNear(base: unknown): fc.Arbitrary<string | Uint8Array> {
  return fc.oneof(
    { arbitrary: mutatedJson(base), weight: 6 },
    { arbitrary: mutatedText(base), weight: 4 },
    { arbitrary: randomText, weight: 3 },
    { arbitrary: invalidUtf8(base), weight: 2 },
    { arbitrary: deepJson, weight: 1 },
    { arbitrary: hugeJson, weight: 1 },
  );
}

/** A body near `base` that the app must refuse: the app's schema says it is invalid. */
function invalidNear(base: unknown, valid: (v: unknown) => boolean): fc.Arbitrary<string | Uint8Array> {
  return bodyNear(base).filter((b) => !parses(b, valid));
}

// ---------------------------------------------------------------------------------------------
// Headers.
// ---------------------------------------------------------------------------------------------

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/vnd.api+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
);
const AUTH = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Standard Webhooks headers: missing, garbage, another secret, another body, or out of the 5 minutes. */
function genericHeaders(body: string | Uint8Array): fc.Arbitrary<Record<string, string>> {
  const now = Date.now();
  const sign = (secret: string, id: string, when: number, over: string) => ({
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(when / 1000)),
    "webhook-signature": librarySignature(secret, id, new Date(when), over),
  });
  return fc.oneof(
    fc.constant({}),
    fc.record({ "webhook-id": headerText, "webhook-timestamp": headerText, "webhook-signature": headerText }),
    // Signed when drawn: a signature over a megabyte is not made for nothing.
    fc.constant(OTHER_SECRET).map((secret) => sign(secret, "msg_x", now, text(body))),
    fc
      .constant(sign(GENERIC_SECRET, "msg_y", now, JSON.stringify(BASES.generic)))
      .map((h) => (text(body) === JSON.stringify(BASES.generic) ? { ...h, "webhook-id": "msg_z" } : h)),
    fc
      .integer({ min: 301, max: 86_400 })
      .chain((s) => fc.constantFrom(now - s * 1000, now + s * 1000))
      .map((when) => sign(GENERIC_SECRET, "msg_stale", when, text(body))),
  );
}

const discourseEvent = fc.constantFrom(
  "post_created",
  "post_edited",
  "post_destroyed",
  "ping",
  "topic_created",
  "",
);
/** Built once: fast-check compiles the pattern when the arbitrary is made. */
const anySignature = fc.stringMatching(/^sha256=[0-9a-f]{64}$/);

function discourseHeaders(body: string | Uint8Array): fc.Arbitrary<Record<string, string>> {
  const hmac = (secret: string, over: string) =>
    `sha256=${createHmac("sha256", secret).update(over, "utf8").digest("hex")}`;
  const event = discourseEvent;
  // The HMACs are computed when drawn, not for every body.
  const signature = fc.oneof(
    fc.constant(undefined),
    headerText,
    anySignature,
    fc.constant("another-forum-discourse-secret").map((secret) => hmac(secret, text(body))),
    fc.constant(DISCOURSE_SECRET).map((secret) => hmac(secret, `${text(body)} `)),
  );
  return fc.record({ event, signature, id: fc.nat() }).map(({ event: e, signature: s, id }) => ({
    "x-discourse-event": e,
    "x-discourse-event-id": String(id),
    ...(s === undefined ? {} : { "x-discourse-event-signature": s }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Families.
// ---------------------------------------------------------------------------------------------

const forumId = fc.oneof(
  { arbitrary: fc.constant("poudlard"), weight: 4 },
  { arbitrary: fc.constant("serdaigle"), weight: 1 },
  { arbitrary: fc.string({ maxLength: 70 }).map(encodeURIComponent), weight: 1 },
);

const forgedGeneric: fc.Arbitrary<BadRequest> = fc
  .record({ forum: forumId, body: bodyNear(BASES.generic), type: contentType })
  .chain(({ forum, body, type }) =>
    genericHeaders(body).map((headers) => ({
      family: "forged or stale generic webhooks",
      method: "POST",
      path: `/webhooks/${forum}/generic`,
      headers: { "content-type": type, ...headers },
      body,
      refused: true,
    })),
  );

const forgedDiscourse: fc.Arbitrary<BadRequest> = fc
  .record({ forum: forumId, body: bodyNear(BASES.discourse) })
  .chain(({ forum, body }) =>
    discourseHeaders(body).map((headers) => ({
      family: "forged Discourse webhooks",
      method: "POST",
      path: `/webhooks/${forum}/discourse`,
      headers: { "content-type": "application/json", ...headers },
      body,
      refused: true,
    })),
  );

const signedInvalidGeneric: fc.Arbitrary<BadRequest> = fc
  .record({ body: invalidNear(BASES.generic, validates.generic), type: contentType, id: fc.nat() })
  .map(({ body, type, id }) => {
    const now = new Date();
    return {
      family: "signed generic webhooks with invalid bodies",
      method: "POST",
      path: "/webhooks/poudlard/generic",
      headers: {
        "content-type": type,
        "webhook-id": `msg_${id}`,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": librarySignature(GENERIC_SECRET, `msg_${id}`, now, text(body)),
      },
      body,
      refused: true,
    };
  });

const signedInvalidDiscourse: fc.Arbitrary<BadRequest> = fc
  .record({
    body: invalidNear(BASES.discourse, validates.discourse),
    event: fc.constantFrom("post_created", "post_edited", "post_destroyed"),
  })
  .map(({ body, event }) => ({
    family: "signed Discourse webhooks with invalid bodies",
    method: "POST",
    path: "/webhooks/poudlard/discourse",
    headers: {
      "content-type": "application/json",
      "x-discourse-event": event,
      "x-discourse-event-signature": `sha256=${createHmac("sha256", DISCOURSE_SECRET).update(text(body), "utf8").digest("hex")}`,
    },
    body,
    refused: true,
  }));

const ADMIN_ROUTES = [
  "/forums/poudlard",
  "/forums/serdaigle",
  "/duels",
  "/duels?status=active",
  `/duels/${DUEL_ID}`,
  `/duels/${DUEL_ID}/commands`,
  `/duels/${DUEL_ID}/events`,
  `/duels/${DUEL_ID}/notifications`,
  "/duelists/poudlard/42",
  "/status",
  "/forums/poudlard/credentials",
  "/forums/poudlard/credentials/AAAAAAAAAAAAAAAA",
];

const noToken: fc.Arbitrary<BadRequest> = fc
  .record({
    path: fc.constantFrom(...ADMIN_ROUTES),
    method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
    auth: fc.oneof(
      fc.constant({}),
      fc.constant({ authorization: `Bearer ${WRONG_SAME_LENGTH}` }),
      fc.constant({ authorization: `bearer ${ADMIN_TOKEN.toUpperCase()}` }),
      fc.constant({ authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString("base64")}` }),
      headerText.map((t) => ({ authorization: `Bearer ${t}` })),
      fc.constant({ cookie: `duel_admin=${WRONG_SAME_LENGTH}` }),
      fc.constant({ query: `token=${WRONG_SAME_LENGTH}` }),
    ),
    body: bodyNear(BASES.command),
  })
  .map(({ path, method, auth, body }) => {
    const { query, ...headers } = auth as { query?: string } & Record<string, string>;
    return {
      family: "admin API without the token",
      method,
      path: query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path,
      headers: { "content-type": "application/json", ...headers },
      ...(method === "GET" ? {} : { body }),
      refused: true,
    };
  });

const admin = (
  method: string,
  path: string,
  body: string | Uint8Array | undefined,
  type = "application/json",
): BadRequest => ({
  family: "admin API with the token, invalid requests",
  method,
  path,
  headers: { ...AUTH, "content-type": type },
  ...(body === undefined ? {} : { body }),
  refused: true,
});

const badAdmin: fc.Arbitrary<BadRequest> = fc.oneof(
  invalidNear(BASES.forum, validates.forum).map((b) => admin("PUT", "/forums/poudlard", b)),
  invalidNear(BASES.register, validates.register).map((b) => admin("POST", "/duels", b)),
  invalidNear(BASES.command, validates.command).map((b) => admin("POST", `/duels/${DUEL_ID}/commands`, b)),
  invalidNear(BASES.clock, validates.clock).map((b) => admin("POST", "/_local/clock", b)),
  // Valid documents, but not as JSON: 415 before anything is read.
  fc
    .record({
      type: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "", "application/jsonx"),
      which: fc.constantFrom("forum", "register", "command", "clock"),
    })
    .map(({ type, which }) =>
      which === "forum"
        ? admin("PUT", "/forums/poudlard", JSON.stringify(BASES.forum), type)
        : which === "register"
          ? admin("POST", "/duels", JSON.stringify(BASES.register), type)
          : which === "command"
            ? admin("POST", `/duels/${DUEL_ID}/commands`, JSON.stringify(BASES.command), type)
            : admin("POST", "/_local/clock", JSON.stringify(BASES.clock), type),
    ),
  // A valid command for a duel that does not exist, an id that is not one.
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map((id) =>
      admin("POST", `/duels/${encodeURIComponent(`nope.${id}`)}/commands`, JSON.stringify(BASES.command)),
    ),
  fc
    .string({ maxLength: 30 })
    .map((s) => admin("GET", `/duels?status=${encodeURIComponent(`x${s}`)}`, undefined)),
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map((s) => admin("GET", `/forums/${encodeURIComponent(`${s}.`)}`, undefined)),
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map((s) => admin("GET", `/duelists/nope/${encodeURIComponent(s)}`, undefined)),
);

/** Routes with the methods they do not answer. */
const WRONG_METHODS: readonly [string, string][] = [
  ["GET", "/webhooks/poudlard/generic"],
  ["PUT", "/webhooks/poudlard/generic"],
  ["DELETE", "/webhooks/poudlard/discourse"],
  ["GET", "/webhooks/poudlard/discourse"],
  ["POST", "/healthz"],
  ["DELETE", "/forums/poudlard"],
  ["PATCH", "/forums/poudlard"],
  ["POST", "/forums/poudlard"],
  ["PUT", "/duels"],
  ["DELETE", `/duels/${DUEL_ID}`],
  ["PUT", `/duels/${DUEL_ID}/events`],
  ["GET", `/duels/${DUEL_ID}/commands`],
  ["POST", "/status"],
  ["DELETE", "/duelists/poudlard/42"],
  ["PUT", "/_local/clock"],
  ["DELETE", "/_local/clock"],
  ["POST", "/openapi.json"],
  ["PATCH", "/admin/login"],
];

const wrongMethod: fc.Arbitrary<BadRequest> = fc
  .record({ route: fc.constantFrom(...WRONG_METHODS), token: fc.boolean(), body: randomText })
  .map(({ route: [method, path], token, body }) => ({
    family: "wrong methods",
    method,
    path,
    headers: { "content-type": "application/json", ...(token ? AUTH : {}) },
    ...(method === "GET" ? {} : { body }),
    refused: true,
  }));

const SEGMENTS = [
  "webhooks",
  "duels",
  "forums",
  "duelists",
  "admin",
  "_local",
  "clock",
  "poudlard",
  DUEL_ID,
  "generic",
  "discourse",
  "commands",
  "events",
  "..",
  "%2e%2e",
  "%00",
  "%E0%A4%A",
  "%",
  "%ff",
  "é",
  "<script>",
];

const randomPath: fc.Arbitrary<BadRequest> = fc
  .record({
    segments: fc.array(
      fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 8 }).map(encodeURIComponent)),
      {
        minLength: 1,
        maxLength: 5,
      },
    ),
    method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
    token: fc.boolean(),
    body: randomText,
  })
  .map(({ segments, method, token, body }) => ({
    family: "random paths",
    method,
    path: `/${segments.join("/")}`,
    headers: { "content-type": "application/json", ...(token ? AUTH : {}) },
    ...(method === "GET" ? {} : { body }),
    refused: false,
  }));

const PAGES = [
  "/admin",
  "/admin/",
  "/admin/login",
  "/admin/logout",
  "/admin/rules",
  `/admin/duels/${DUEL_ID}`,
  `/admin/duels/${DUEL_ID}/commands`,
  "/admin/duels/nope",
];

const pages: fc.Arbitrary<BadRequest> = fc
  .record({
    path: fc.constantFrom(...PAGES),
    method: fc.constantFrom("GET", "POST"),
    who: fc.constantFrom("nobody", "wrong-cookie", "wrong-query", "other-origin"),
    form: fc.dictionary(
      fc.constantFrom("token", "_csrf", "command", "duelistId", "delta", "reason", "idempotencyKey", "x"),
      headerText,
    ),
  })
  .map(({ path, method, who, form }) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (who === "wrong-cookie")
      headers.cookie = `duel_admin=${WRONG_SAME_LENGTH}; duel_session=${"a".repeat(43)}`;
    if (who === "other-origin") headers.origin = "https://evil.example";
    const query = who === "wrong-query" ? `?token=${WRONG_SAME_LENGTH}` : "";
    return {
      family: "admin pages without the token",
      method,
      path: `${path}${query}`,
      headers,
      ...(method === "POST" ? { body: new URLSearchParams(form).toString() } : {}),
      // A page asks for the token by redirecting to its login form; the login form itself is a 200.
      refused: method === "POST",
    };
  });

/** Every family, with how many batches of it the test sends. */
export const FAMILIES: readonly { readonly arbitrary: fc.Arbitrary<BadRequest>; readonly batches: number }[] =
  [
    { arbitrary: forgedGeneric, batches: 80 },
    { arbitrary: forgedDiscourse, batches: 50 },
    { arbitrary: signedInvalidGeneric, batches: 80 },
    { arbitrary: signedInvalidDiscourse, batches: 50 },
    { arbitrary: noToken, batches: 60 },
    { arbitrary: badAdmin, batches: 60 },
    { arbitrary: wrongMethod, batches: 30 },
    { arbitrary: randomPath, batches: 40 },
    { arbitrary: pages, batches: 30 },
  ];
