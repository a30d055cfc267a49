import { type BoardHostPolicy, boardUrlRefusal } from "./source-settings.js";

/** Names the project to the boards it reads, so an admin who sees it in their logs knows who asks. */
export const USER_AGENT =
  "ArbitreAutomatiqueDuClubDeDuel/1.0 (+https://github.com/duel-referee; lecteur de sujets Forumactif)";

/** What a page's last read answered, for a conditional request. */
export interface PageValidators {
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export type FetchedPage =
  | ({ readonly status: "fresh"; readonly url: string; readonly html: string } & PageValidators)
  | { readonly status: "unchanged"; readonly url: string };

export type BoardFetchErrorCode =
  | "network"
  | "rate_limited"
  | "server_error"
  | "http_error"
  | "too_large"
  | "refused_host";

/** A board that could not be read this time: the poll changes nothing and is retried. */
export class BoardFetchError extends Error {
  override readonly name = "BoardFetchError";
  constructor(
    readonly code: BoardFetchErrorCode,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface BoardClientOptions {
  readonly policy: BoardHostPolicy;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  /** Least time between two requests to one host (per process), 1 s unless given. */
  readonly minIntervalMs?: number;
  readonly timeoutMs?: number;
  /** Pages over this are refused rather than read: a topic page is far smaller. */
  readonly maxBytes?: number;
}

const MAX_REDIRECTS = 3;

/** How long a 429 or 503 asks to wait: its `Retry-After` (seconds or a date), or a minute. */
function retryAfter(header: string | null, now: number): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) ? 60_000 : Math.max(0, at - now);
}

/** Decodes a page in the charset its server names: older boards still serve ISO-8859-1. */
function decode(bytes: ArrayBuffer, contentType: string | null): string {
  const charset = contentType?.match(/charset=["']?([\w-]+)/i)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * Reads a board's pages politely (issue 14): a User-Agent naming the project, conditional requests,
 * one request at a time per host with a pause between two, and a host that answered 429 or 5xx is
 * left alone until its `Retry-After` (or a minute) has passed. Redirects are followed by hand so
 * that each hop is checked against the host policy.
 */
export class BoardClient {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly minIntervalMs: number;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  /** Per host: the last request's turn (requests queue behind it) and when the host may be asked again. */
  private readonly hosts = new Map<string, { queue: Promise<unknown>; notBefore: number }>();

  constructor(private readonly options: BoardClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  }

  /** Reads one page; `validators` from its previous read make the request conditional. */
  get(url: string, validators?: PageValidators): Promise<FetchedPage> {
    const host = new URL(url).host;
    const slot = this.hosts.get(host) ?? { queue: Promise.resolve(), notBefore: 0 };
    this.hosts.set(host, slot);
    const run = slot.queue.then(() => this.request(url, slot, validators));
    slot.queue = run.catch(() => undefined);
    return run;
  }

  private async request(
    url: string,
    slot: { notBefore: number },
    validators: PageValidators | undefined,
  ): Promise<FetchedPage> {
    const wait = slot.notBefore - this.now();
    if (wait > this.minIntervalMs) {
      throw new BoardFetchError("rate_limited", `host resting for ${Math.ceil(wait / 1000)} s`, wait);
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const refusal = boardUrlRefusal(current, this.options.policy);
      if (refusal) throw new BoardFetchError("refused_host", `refused address ${current}: ${refusal}`);
      const headers: Record<string, string> = {
        "user-agent": USER_AGENT,
        accept: "text/html,application/xhtml+xml",
      };
      if (hop === 0 && validators?.etag) headers["if-none-match"] = validators.etag;
      if (hop === 0 && validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
      let response: Response;
      try {
        response = await this.fetchImpl(current, {
          headers,
          redirect: "manual",
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        slot.notBefore = this.now() + this.minIntervalMs;
        throw new BoardFetchError("network", error instanceof Error ? error.message : String(error));
      }
      slot.notBefore = this.now() + this.minIntervalMs;
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
        await response.body?.cancel();
        current = new URL(location, current).toString();
        continue;
      }
      if (response.status === 304) return { status: "unchanged", url: current };
      if (response.status === 429 || response.status >= 500) {
        const rest = retryAfter(response.headers.get("retry-after"), this.now());
        slot.notBefore = this.now() + Math.max(rest, this.minIntervalMs);
        await response.body?.cancel();
        const code = response.status === 429 ? "rate_limited" : "server_error";
        throw new BoardFetchError(code, `HTTP ${response.status} from ${current}`, rest);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new BoardFetchError("http_error", `HTTP ${response.status} from ${current}`);
      }
      const length = Number(response.headers.get("content-length") ?? "0");
      if (length > this.maxBytes) {
        await response.body?.cancel();
        throw new BoardFetchError("too_large", `page of ${length} bytes`);
      }
      const bytes = await response.arrayBuffer();
      if (bytes.byteLength > this.maxBytes) throw new BoardFetchError("too_large", "page too large");
      return {
        status: "fresh",
        url: current,
        html: decode(bytes, response.headers.get("content-type")),
        etag: response.headers.get("etag"),
        lastModified: response.headers.get("last-modified"),
      };
    }
    throw new BoardFetchError("http_error", `too many redirects from ${url}`);
  }
}
