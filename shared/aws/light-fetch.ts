/**
 * `Headers`, `Request` and `Response` for the webhook function's bundle, in place of Node's: the
 * bundling injects these three (esbuild `inject`, infra/cdk/bundling.ts `LIGHT_FETCH`) where the
 * bundled code (Hono, its Lambda adapter, ours) names the globals. Node's are undici's, and the first
 * use of any of them loads and runs the whole of undici, on every cold start. A webhook request is a body of bytes in and JSON out, which
 * these classes hold as they are; anything they do not do themselves (a form body, a `Blob`, a
 * stream given as a body) is handed to Node's own classes, built from the same parts, so it works as
 * it always did, undici loaded only then. Nothing global is replaced: the SDK and Node keep theirs.
 */

type HeadersInit = Iterable<readonly [string, string]> | Record<string, string>;
type Bytes = Uint8Array;
/** What Node's own classes take as a body. */
type StandardBody = ConstructorParameters<typeof globalThis.Response>[0];

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HTTP_SPACES = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const encoder = new TextEncoder();

function headerName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name "${text}"`);
  return text.toLowerCase();
}

function headerValue(value: string): string {
  const text = String(value).replace(HTTP_SPACES, "");
  if (/[\0\r\n]/.test(text)) throw new TypeError("Headers: invalid header value");
  return text;
}

export class Headers {
  /** Values by lower-case name, in the order they were appended. */
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersInit | null) {
    if (init === undefined || init === null) return;
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly [string, string]>) {
        if (pair.length !== 2) throw new TypeError("Headers: a header is a name and a value");
        this.append(pair[0], pair[1]);
      }
    } else for (const [name, value] of Object.entries(init)) this.append(name, value);
  }

  append(name: string, value: string): void {
    const key = headerName(name);
    const values = this.#values.get(key);
    if (values) values.push(headerValue(value));
    else this.#values.set(key, [headerValue(value)]);
  }

  set(name: string, value: string): void {
    this.#values.set(headerName(name), [headerValue(value)]);
  }

  get(name: string): string | null {
    return this.#values.get(headerName(name))?.join(", ") ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(headerName(name));
  }

  delete(name: string): void {
    this.#values.delete(headerName(name));
  }

  getSetCookie(): string[] {
    return [...(this.#values.get("set-cookie") ?? [])];
  }

  /** Sorted by name, `set-cookie` once per cookie, the others' values joined: as the standard says. */
  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name) ?? [];
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, values.join(", ")];
    }
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }
}

/** A body these classes hold as bytes: read whole, or through a reader that gives them in one chunk. */
class BytesBody {
  constructor(readonly bytes: Bytes) {}

  getReader() {
    let done = false;
    return {
      read: async (): Promise<{ done: boolean; value?: Bytes }> => {
        if (done) return { done: true };
        done = true;
        return { done: false, value: this.bytes };
      },
      releaseLock: () => {},
      cancel: async () => {
        done = true;
      },
    };
  }
}

/** What a body given to these classes holds: bytes, nothing, or what only Node's classes can read. */
type Held = { readonly bytes: Bytes | null } | { readonly standard: unknown };

function hold(body: unknown): Held {
  if (body === undefined || body === null) return { bytes: null };
  if (typeof body === "string") return { bytes: encoder.encode(body) };
  if (body instanceof BytesBody) return { bytes: body.bytes };
  if (body instanceof Uint8Array) return { bytes: body };
  if (body instanceof ArrayBuffer) return { bytes: new Uint8Array(body) };
  if (ArrayBuffer.isView(body))
    return { bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) };
  return { standard: body };
}

/** The body's methods, for the two classes: bytes read here, anything else by Node's own class. */
abstract class Body {
  readonly #held: Held;
  #used = false;

  protected constructor(body: unknown) {
    this.#held = hold(body);
  }

  /** Node's own object with this one's parts, for what only it can do (undici loaded then). */
  protected abstract standard(): globalThis.Request | globalThis.Response;

  protected get heldBody(): unknown {
    return "bytes" in this.#held ? this.#held.bytes : this.#held.standard;
  }

  protected get heldStandard(): boolean {
    return !("bytes" in this.#held);
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  get body(): BytesBody | ReadableStream | null {
    if (!("bytes" in this.#held)) return this.standard().body;
    return this.#held.bytes === null ? null : new BytesBody(this.#held.bytes);
  }

  /** The bytes, once: an empty body is read as often as asked, as the standard's is. */
  #take(): Bytes | null {
    const bytes = "bytes" in this.#held ? this.#held.bytes : null;
    if (bytes === null) return null;
    if (this.#used) throw new TypeError("Body is unusable: it has already been read");
    this.#used = true;
    return bytes;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.heldStandard) return this.standard().arrayBuffer();
    const bytes = this.#take() ?? new Uint8Array(0);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async text(): Promise<string> {
    if (this.heldStandard) return this.standard().text();
    const bytes = this.#take();
    return bytes === null
      ? ""
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async blob(): Promise<Blob> {
    return this.standard().blob();
  }

  async formData(): Promise<FormData> {
    return this.standard().formData();
  }
}

/** Methods whose name the standard upper-cases whatever the case it was given in. */
const NORMALIZED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

interface RequestInit {
  readonly method?: string;
  readonly headers?: HeadersInit | Headers;
  readonly body?: unknown;
  readonly signal?: AbortSignal | null;
}

export class Request extends Body {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | null;

  constructor(input: string | URL | Request, init: RequestInit = {}) {
    const from = input instanceof Request ? input : undefined;
    const method = init.method ?? from?.method ?? "GET";
    const upper = method.toUpperCase();
    const normalized = NORMALIZED_METHODS.has(upper) ? upper : method;
    const body = init.body ?? from?.heldBody ?? null;
    if (body !== null && (normalized === "GET" || normalized === "HEAD"))
      throw new TypeError("Request with GET/HEAD method cannot have body.");
    super(body);
    this.url = from ? from.url : new URL(String(input)).href;
    this.method = normalized;
    this.headers = new Headers(init.headers ?? from?.headers);
    this.signal = init.signal ?? from?.signal ?? null;
    if (typeof body === "string" && !this.headers.has("content-type"))
      this.headers.set("content-type", "text/plain;charset=UTF-8");
  }

  protected standard(): globalThis.Request {
    return new globalThis.Request(this.url, {
      method: this.method,
      headers: [...this.headers],
      ...(this.heldBody === null ? {} : { body: this.heldBody as StandardBody, duplex: "half" }),
    } as globalThis.RequestInit);
  }

  clone(): Request {
    if (this.bodyUsed) throw new TypeError("Request.clone: the body has already been read");
    return new Request(this);
  }

  get [Symbol.toStringTag](): string {
    return "Request";
  }
}

interface ResponseInit {
  readonly status?: number;
  readonly statusText?: string;
  readonly headers?: HeadersInit | Headers;
}

export class Response extends Body {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly type = "default";
  readonly url = "";
  readonly redirected = false;

  constructor(body: unknown = null, init: ResponseInit = {}) {
    super(body);
    const status = init.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599)
      throw new RangeError(`Response: status ${status} is outside 200–599`);
    this.status = status;
    this.statusText = init.statusText ?? "";
    this.headers = new Headers(init.headers);
    if (typeof body === "string" && !this.headers.has("content-type"))
      this.headers.set("content-type", "text/plain;charset=UTF-8");
  }

  static json(data: unknown, init: ResponseInit = {}): Response {
    const headers = new Headers(init.headers);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    return new Response(JSON.stringify(data), { ...init, headers });
  }

  static redirect(url: string | URL, status = 302): Response {
    return new Response(null, { status, headers: { location: new URL(String(url)).href } });
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  protected standard(): globalThis.Response {
    return new globalThis.Response(this.heldBody as StandardBody, {
      status: this.status,
      statusText: this.statusText,
      headers: [...this.headers],
    });
  }

  clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: the body has already been read");
    return new Response(this.heldBody, this);
  }

  get [Symbol.toStringTag](): string {
    return "Response";
  }
}
