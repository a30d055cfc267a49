import fc from "fast-check";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type StandardWebhookRefusal,
  signStandardWebhook,
  standardWebhookKey,
  standardWebhookRefusal,
  TIMESTAMP_TOLERANCE_SECONDS,
} from "../../shared/http/standard-webhooks.js";

/**
 * Our Standard Webhooks module against the `standardwebhooks` library (1.1.1, a devDependency kept
 * for this): what one signs the other verifies, and on the same generated deliveries both give the
 * same outcome, refusal reason included, as the route quotes it.
 */

const NOW = Date.parse("2026-11-30T10:00:00.400Z");
const NOW_SECONDS = Math.floor(NOW / 1000);
const SEED = 20261130;

beforeEach(() => {
  // The library reads Date.now(); ours too, by default, as the route calls it.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

type Outcome = "accepted" | StandardWebhookRefusal;

/** The library's verdict, as the route read it: a constructor error is a secret that is no key. */
function libraryVerdict(secret: string, body: string, headers: Record<string, string>): Outcome {
  let webhook: Webhook;
  try {
    webhook = new Webhook(secret);
  } catch {
    return "Unusable secret";
  }
  try {
    webhook.verify(body, headers, { jsonParse: false });
    return "accepted";
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return error.message as StandardWebhookRefusal;
  }
}

function ourVerdict(secret: string, body: string, headers: Record<string, string>): Outcome {
  return standardWebhookRefusal(body, { get: (name) => headers[name] }, secret) ?? "accepted";
}

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** Well-formed secrets (`whsec_` + base64 of random bytes; issued ones have 24), with or without the prefix. */
const issuedSecret = fc
  .record({ key: fc.uint8Array({ minLength: 1, maxLength: 64 }), prefixed: fc.boolean() })
  .map(({ key, prefixed }) => `${prefixed ? "whsec_" : ""}${base64Of(key)}`);

const prefix = fc.constantFrom("", "whsec_", "whsec", "WHSEC_");

/** Anything a forum's configuration might hold: short, unpadded, misplaced `=`, URL-safe, spaces. */
const oddSecret = fc.oneof(
  fc
    .record({ prefix, text: fc.string({ unit: fc.constantFrom(..."AZaz09+/=-_ !é"), maxLength: 14 }) })
    .map(({ prefix: p, text }) => `${p}${text}`),
  // An issued secret, damaged: padding dropped or doubled, a character added at the end or inside.
  fc
    .record({
      prefix,
      key: fc.uint8Array({ minLength: 1, maxLength: 40 }),
      edit: fc.constantFrom("unpad", "overpad", "append", "insert", "urlsafe"),
      extra: fc.constantFrom(..."A/+=-_ !é"),
      at: fc.nat(),
    })
    .map(({ prefix: p, key, edit, extra, at }) => {
      const b64 = base64Of(key);
      const i = at % (b64.length + 1);
      const edited = {
        unpad: b64.replace(/=+$/, ""),
        overpad: `${b64}==`,
        append: `${b64.replace(/=+$/, "")}${extra}`,
        insert: `${b64.slice(0, i)}${extra}${b64.slice(i)}`,
        urlsafe: b64.replaceAll("+", "-").replaceAll("/", "_"),
      }[edit];
      return `${p}${edited}`;
    }),
);

const secret = fc.oneof({ weight: 4, arbitrary: issuedSecret }, { weight: 1, arbitrary: oddSecret });

/** Bodies: JSON as forums send it, and any text (accents, emoji, lone surrogates). */
const body = fc.oneof(
  fc.constantFrom(
    "",
    '{"type":"post.created","data":{"content":"Hermione lève sa baguette — Expelliarmus ! 🪄"}}',
  ),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.json(),
);

const id = fc.oneof(
  fc.constantFrom("msg_2KWPBgLlAfxdpx2AI54pPJ85f4W", "hibou-01JF3K"),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }),
);

/** Seconds from now: mostly around the window's two edges, some far. */
const offset = fc.oneof(
  fc.integer({ min: -TIMESTAMP_TOLERANCE_SECONDS - 3, max: -TIMESTAMP_TOLERANCE_SECONDS + 3 }),
  fc.integer({ min: TIMESTAMP_TOLERANCE_SECONDS - 3, max: TIMESTAMP_TOLERANCE_SECONDS + 3 }),
  fc.integer({ min: -900, max: 900 }),
  fc.integer({ min: -1e9, max: 1e9 }),
);

/** The timestamp header: the number, or as the spec does not write it but parseInt reads it. */
const timestampHeader = fc.oneof(
  { weight: 6, arbitrary: offset.map((s) => String(NOW_SECONDS + s)) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        s: offset,
        shape: fc.constantFrom("0", " ", "+", "\t", "x", ".9", "e3", " abc", "-"),
      })
      .map(({ s, shape }) =>
        shape === "0" || shape === " " || shape === "+" || shape === "\t" || shape === "-"
          ? `${shape}${NOW_SECONDS + s}`
          : `${NOW_SECONDS + s}${shape}`,
      ),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "abc", "١٧٦٤٤٩٦٤٠٠", "NaN", "Infinity", "-0", "0x10") },
);

/** One entry of `webhook-signature`, for the delivery (`right`) or something else. */
type Entry = "right" | "rightByUs" | "otherSecret" | "tamperedBody" | "otherId" | "v1a" | "junk" | "bare";
const entry: fc.Arbitrary<Entry> = fc.constantFrom(
  "right",
  "rightByUs",
  "otherSecret",
  "tamperedBody",
  "otherId",
  "v1a",
  "junk",
  "bare",
);

const delivery = fc.record({
  secret,
  id,
  timestamp: timestampHeader,
  body,
  entries: fc.array(entry, { minLength: 1, maxLength: 4 }),
  separator: fc.constantFrom(" ", " ", "  ", ", ", ","),
  signedAt: fc.constantFrom(0, 0, 0, 0, -1, 1),
  tamper: fc.oneof({ weight: 5, arbitrary: fc.constant("") }, fc.constantFrom(" ", "é", "\u0000")),
  // A header left out, or sent empty.
  drop: fc.oneof(
    { weight: 9, arbitrary: fc.constant(undefined) },
    fc.record({
      name: fc.constantFrom("webhook-id", "webhook-timestamp", "webhook-signature"),
      empty: fc.boolean(),
    }),
  ),
});

const OTHER_SECRET = `whsec_${Buffer.from("another-secret-of-32-bytes-long!").toString("base64")}`;

/** Signs with the library where the secret allows, else with a fixed key (the entry is then wrong anyway). */
function librarySign(secretText: string, msgId: string, at: Date, payload: string): string {
  try {
    return new Webhook(secretText).sign(msgId, at, payload);
  } catch {
    return new Webhook(OTHER_SECRET).sign(msgId, at, payload);
  }
}

describe("Standard Webhooks, ours against the library", () => {
  it("signs as the library does: same `v1,<base64>` for the same secret, id, time and body", () => {
    fc.assert(
      fc.property(issuedSecret, id, body, fc.integer({ min: -1e6, max: 1e6 }), (s, msgId, payload, ms) => {
        const at = new Date(NOW + ms);
        const ours = signStandardWebhook(s, msgId, at, payload);
        expect(ours["webhook-signature"]).toBe(new Webhook(s).sign(msgId, at, payload));
        expect(ours["webhook-timestamp"]).toBe(String(Math.floor(at.getTime() / 1000)));
        expect(ours["webhook-id"]).toBe(msgId);
      }),
      { numRuns: 500, seed: SEED },
    );
  });

  it("what the library signs we accept, and what we sign the library accepts", () => {
    fc.assert(
      fc.property(issuedSecret, id, body, fc.integer({ min: -299, max: 299 }), (s, msgId, payload, sec) => {
        const at = new Date((NOW_SECONDS + sec) * 1000);
        const ours = signStandardWebhook(s, msgId, at, payload);
        const theirs = { ...ours, "webhook-signature": new Webhook(s).sign(msgId, at, payload) };
        expect(ourVerdict(s, payload, theirs)).toBe("accepted");
        expect(libraryVerdict(s, payload, { ...ours })).toBe("accepted");
        // And a body changed by one character is refused by both.
        expect(ourVerdict(s, `${payload}.`, theirs)).toBe("No matching signature found");
        expect(libraryVerdict(s, `${payload}.`, { ...ours })).toBe("No matching signature found");
      }),
      { numRuns: 500, seed: SEED + 1 },
    );
  });

  it("reads a secret as the library does: the same secrets refused, the same keys from the others", () => {
    let keys = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.oneof(issuedSecret, oddSecret), (s) => {
        const key = standardWebhookKey(s);
        let library: Webhook | undefined;
        try {
          library = new Webhook(s);
        } catch {
          library = undefined;
        }
        expect(key === undefined, s).toBe(library === undefined);
        if (library === undefined) {
          refused += 1;
          return;
        }
        keys += 1;
        const at = new Date(NOW);
        expect(signStandardWebhook(s, "msg", at, "body")["webhook-signature"], s).toBe(
          library.sign("msg", at, "body"),
        );
      }),
      { numRuns: 2000, seed: SEED + 2 },
    );
    // Issued secrets all read; of the others, many read too (unpadded, one character over) and many do not.
    expect({ keys: keys > 1100, refused: refused > 300 }).toEqual({ keys: true, refused: true });
  });

  it("gives the library's verdict on generated deliveries: times in and out of the window, several signatures, tampered bodies", () => {
    const seen = new Map<Outcome, number>();
    fc.assert(
      fc.property(delivery, (d) => {
        // The sender signs the time it sends (as parseInt reads it), now and then a second apart.
        const sent = Number.parseInt(d.timestamp, 10);
        const at = new Date((sent + d.signedAt) * 1000);
        const valid = Number.isNaN(at.getTime()) ? new Date(NOW) : at;
        const make: Record<Entry, () => string> = {
          right: () => librarySign(d.secret, d.id, valid, d.body),
          rightByUs: () => {
            try {
              return signStandardWebhook(d.secret, d.id, valid, d.body)["webhook-signature"];
            } catch {
              return librarySign(OTHER_SECRET, d.id, valid, d.body);
            }
          },
          otherSecret: () => librarySign(OTHER_SECRET, d.id, valid, d.body),
          tamperedBody: () => librarySign(d.secret, d.id, valid, `${d.body}${d.tamper || "x"}`),
          otherId: () => librarySign(d.secret, `${d.id}x`, valid, d.body),
          v1a: () => `v1a,${librarySign(d.secret, d.id, valid, d.body).slice(3)}`,
          junk: () => "v1,AAAA",
          bare: () => "v1",
        };
        const headers: Record<string, string> = {
          "webhook-id": d.id,
          "webhook-timestamp": d.timestamp,
          "webhook-signature": d.entries.map((e) => make[e]()).join(d.separator),
        };
        if (d.drop?.empty) headers[d.drop.name] = "";
        else if (d.drop) delete headers[d.drop.name];
        const payload = `${d.body}${d.tamper}`;
        const theirs = libraryVerdict(d.secret, payload, headers);
        expect(ourVerdict(d.secret, payload, headers), JSON.stringify({ headers, payload })).toBe(theirs);
        seen.set(theirs, (seen.get(theirs) ?? 0) + 1);
      }),
      { numRuns: 4000, seed: SEED + 3 },
    );
    // Every outcome was met, often enough to mean something.
    for (const outcome of [
      "accepted",
      "Unusable secret",
      "Missing required headers",
      "Invalid Signature Headers",
      "Message timestamp too old",
      "Message timestamp too new",
      "No matching signature found",
    ] as const) {
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(100);
    }
  });

  it("the window: 5 minutes either way, to the second, as the library counts it", () => {
    const s = `whsec_${Buffer.from("poudlard-secret-of-32-bytes-ok!!").toString("base64")}`;
    const verdicts = [-301, -300, 300, 301].map((sec) => {
      const headers = { ...signStandardWebhook(s, "msg_edge", new Date((NOW_SECONDS + sec) * 1000), "{}") };
      return [ourVerdict(s, "{}", headers), libraryVerdict(s, "{}", headers)];
    });
    expect(verdicts).toEqual([
      ["Message timestamp too old", "Message timestamp too old"],
      ["accepted", "accepted"],
      ["accepted", "accepted"],
      ["Message timestamp too new", "Message timestamp too new"],
    ]);
  });

  it("the library's leniencies, kept: parseInt's timestamp, an entry cut at its second comma, a lone last base64 character", () => {
    const s = `whsec_${Buffer.from("poudlard-secret-of-32-bytes-ok!!").toString("base64")}`;
    const signed = signStandardWebhook(s, "msg_1", new Date(NOW), "{}");
    const cases: Record<string, string>[] = [
      { ...signed, "webhook-timestamp": `0${signed["webhook-timestamp"]}` },
      { ...signed, "webhook-timestamp": `${signed["webhook-timestamp"]}.999 and more` },
      { ...signed, "webhook-signature": `${signed["webhook-signature"]},anything v1,AAAA` },
      { ...signed, "webhook-signature": `v1a,AAAA  v1 ${signed["webhook-signature"]}` },
    ];
    for (const headers of cases) {
      expect(ourVerdict(s, "{}", headers)).toBe("accepted");
      expect(libraryVerdict(s, "{}", headers)).toBe("accepted");
    }
    // Unpadded base64, or one character too many, still reads as the same key.
    for (const variant of [s.replace(/=+$/, ""), `${s.replace(/=+$/, "")}!`]) {
      expect(ourVerdict(variant, "{}", { ...signed })).toBe(libraryVerdict(variant, "{}", { ...signed }));
    }
    // A signature not in canonical base64 (unpadded) matches neither.
    const unpadded = { ...signed, "webhook-signature": signed["webhook-signature"].replace(/=+$/, "") };
    expect(ourVerdict(s, "{}", unpadded)).toBe("No matching signature found");
    expect(libraryVerdict(s, "{}", unpadded)).toBe("No matching signature found");
  });
});
