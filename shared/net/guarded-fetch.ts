import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { DeliveryError } from "../errors.js";
import { notifierTexts } from "../texts/notifiers.js";
import { addressAllowed, type DestinationPolicy, PUBLIC_ONLY } from "../validation/channel-urls.js";

/*
 * The outbound HTTP transport of the notifiers and of the Forumactif board reader (CONTRACT.md
 * section 3), apart from both so that neither depends on the other: a host is checked where it
 * matters, at connection time. The name is resolved, every address it resolves to must be allowed
 * (public, or loopback where the policy says so), and the socket connects to the address that was
 * checked, so a DNS answer that changes between the check and the connection (DNS rebinding) cannot
 * lead elsewhere. TLS still verifies the certificate for the name.
 */

/** The part of `fetch` the notifiers and the board reader use; injectable, this transport by default. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** A receiver's answer is read up to this; only its status and a short retry hint are used. */
const MAX_ANSWER_BYTES = 64 * 1024;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Every address a name resolves to (the system resolver by default, as `fetch` would use). */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>;

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true });

/** `net.connect`'s `lookup`: resolves, refuses when any address is not allowed, answers the checked ones. */
function checkedLookup(policy: DestinationPolicy, resolve: Resolve) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !addressAllowed(a.address, policy));
        const [first] = addresses;
        if (refused || first === undefined) return callback(destinationRefused(), []);
        if (options.all) return callback(null, [...addresses]);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/** Non-retryable: the channel's host leads somewhere hiboux may not go. */
function destinationRefused(): DeliveryError {
  return new DeliveryError(notifierTexts.destinationRefused, false, undefined, "EDESTINATIONREFUSED");
}

/** The receiver's answer as a Fetch `Response` (204, 205 and 304 carry no body). */
function responseOf(res: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const status = res.statusCode ?? 502;
  const empty = status === 204 || status === 205 || status === 304;
  return new Response(empty ? null : new Uint8Array(body), { status, headers });
}

/** How much of an answer is read, and what a longer one does. */
export interface AnswerLimit {
  readonly maxBytes: number;
  /**
   * `truncate` (a notifier reads only a status and a hint) keeps the first `maxBytes`; `refuse` (a
   * board page, which is read whole or not at all) rejects with code `EANSWERTOOLARGE`.
   */
  readonly overflow: "truncate" | "refuse";
}

/** The error of an answer over its `refuse` limit. */
function answerTooLarge(maxBytes: number): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`answer larger than ${maxBytes} bytes`);
  error.code = "EANSWERTOOLARGE";
  return error;
}

/**
 * A {@link FetchLike} on node:http(s) whose connections only reach hosts `policy` allows: the
 * notifiers' POSTs and the Forumactif boards' reads (GET by default when there is no body, with the
 * caller's headers, conditional ones included). `http:` is used only toward loopback, which only a
 * policy allowing it accepts. `limit` is a size in bytes (truncated) or an {@link AnswerLimit}.
 */
export function guardedFetch(
  policy: DestinationPolicy = PUBLIC_ONLY,
  resolveName: Resolve = systemResolve,
  limit: number | AnswerLimit = MAX_ANSWER_BYTES,
): FetchLike {
  const { maxBytes: maxAnswerBytes, overflow } =
    typeof limit === "number" ? { maxBytes: limit, overflow: "truncate" as const } : limit;
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
      // An address in the URL is connected to without any lookup: checked here instead.
      if (isIP(host) !== 0 && !addressAllowed(host, policy)) return reject(destinationRefused());
      if (target.protocol !== "https:" && !(target.protocol === "http:" && policy.allowLoopback))
        return reject(destinationRefused());
      const send = target.protocol === "https:" ? httpsRequest : httpRequest;
      const req = send(
        target,
        {
          method: init.method ?? (init.body === undefined || init.body === null ? "GET" : "POST"),
          headers: Object.fromEntries(new Headers(init.headers).entries()),
          lookup: checkedLookup(policy, resolveName),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            if (size < maxAnswerBytes) chunks.push(chunk);
            size += chunk.length;
            if (size > maxAnswerBytes && overflow === "refuse") {
              res.destroy();
              reject(answerTooLarge(maxAnswerBytes));
            }
          });
          res.on("end", () => resolve(responseOf(res, Buffer.concat(chunks).subarray(0, maxAnswerBytes))));
          res.on("error", reject);
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        // Our refusal comes back wrapped by the socket: hand it on as it was made.
        reject(error.code === "EDESTINATIONREFUSED" ? destinationRefused() : error);
      });
      req.end(typeof init.body === "string" ? init.body : undefined);
    });
}
