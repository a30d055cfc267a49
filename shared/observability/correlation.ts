import type { Logger } from "./logger.js";

/** The keys that tie the lines of one request, timer firing or relay batch together. */
export interface CorrelationKeys {
  /** API Gateway's request id (HTTP), or the invocation's (timer, relay). */
  readonly requestId?: string | undefined;
  /** The Lambda invocation's id, when the request id is API Gateway's. */
  readonly lambdaRequestId?: string | undefined;
  /** The forum's id for this delivery: `webhook-id` (Standard Webhooks) or `X-Discourse-Event-Id`. */
  readonly deliveryId?: string | undefined;
  readonly forumId?: string | undefined;
  /** Who sent the input: `generic`, `discourse`, `xenforo`, `forumactif`, `timer`, `api` … */
  readonly sender?: string | undefined;
  readonly duelId?: string | undefined;
}

/**
 * The keys of the unit of work in progress. A Lambda container runs one invocation at a time, so
 * one current set per logger is enough; the edge sets it at the start and clears it at the end.
 */
export class Correlation {
  private keys: CorrelationKeys = {};

  constructor(private readonly logger: Logger) {}

  get current(): CorrelationKeys {
    return this.keys;
  }

  /** Runs `work` with these keys on every log line, then removes them whatever happens. */
  async within<T>(keys: CorrelationKeys, work: () => Promise<T>): Promise<T> {
    const defined = Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined));
    this.keys = defined;
    this.logger.resetKeys();
    this.logger.appendKeys(defined);
    try {
      return await work();
    } finally {
      this.keys = {};
      this.logger.resetKeys();
    }
  }
}

type Headers = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One header of a Lambda HTTP event, whatever its case (a list, as VPC Lattice sends: its first). */
function header(headers: Headers | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === "string" ? value : value?.[0];
}

/** The correlation keys of an HTTP API request: `/webhooks/:forumId/:sender` and the delivery id. */
export function keysOfHttpEvent(event: {
  readonly rawPath?: string;
  readonly headers?: Headers;
  readonly requestContext?: object;
}): CorrelationKeys {
  const context = event.requestContext;
  const [, root, forumId, sender] = (event.rawPath ?? "").split("/");
  const webhook = root === "webhooks";
  return {
    requestId: context && "requestId" in context ? String(context.requestId) : undefined,
    deliveryId: header(event.headers, "webhook-id") ?? header(event.headers, "x-discourse-event-id"),
    forumId: webhook || root === "forums" ? forumId : undefined,
    sender: webhook ? sender : undefined,
  };
}
