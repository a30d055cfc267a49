/**
 * A board's charset (CONTRACT.md 4.4, « Writing to a real board »): boards are UTF-8 or
 * ISO-8859-1/windows-1252. A page is decoded by the charset its answer declares (the
 * `Content-Type` header, else the page's `<meta charset>` or `http-equiv`), and a form is sent in
 * the charset of the page that holds it, the characters it lacks as numeric references (`&#8217;`),
 * as a browser on that board sends them.
 */

/** How far into a page a `<meta>` naming its charset is looked for (browsers look at 1024 bytes). */
const META_SCAN_BYTES = 4096;

/** The charset label an answer's `Content-Type` names, lower case; null when it names none. */
function headerCharset(contentType: string | null): string | null {
  return contentType?.match(/charset\s*=\s*["']?([\w.:-]+)/i)?.[1]?.toLowerCase() ?? null;
}

/** The charset a page's `<meta charset>` or `<meta http-equiv="Content-Type">` names, or null. */
function metaCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, META_SCAN_BYTES));
  for (const meta of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?([\w.:-]+)/i.exec(meta)?.[1];
    if (direct !== undefined) return direct.toLowerCase();
  }
  return null;
}

/** A label TextDecoder knows, else UTF-8 (what a Forumactif board serves when it says nothing). */
function known(label: string | null): string | null {
  if (label === null) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/** A page as text, with the charset it was read in (its forms are sent in it). */
export interface DecodedPage {
  readonly html: string;
  readonly charset: string;
}

/** Decodes a page by its declared charset: the header's, else its `<meta>`'s, else UTF-8. */
export function decodePage(body: ArrayBuffer | Uint8Array, contentType: string | null): DecodedPage {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  const charset = known(headerCharset(contentType)) ?? known(metaCharset(bytes)) ?? "utf-8";
  return { html: new TextDecoder(charset).decode(bytes), charset };
}

/** True for a single-byte Latin charset: what boards serve when not UTF-8. */
function isLatin(charset: string): boolean {
  return /^(?:windows-1252|iso-8859-1|latin1|iso-8859-15)$/i.test(charset);
}

const UNRESERVED = /[A-Za-z0-9*\-._]/;

/** One name or value, `application/x-www-form-urlencoded` in the charset (WHATWG's serializer). */
function encodeComponent(value: string, charset: string): string {
  if (!isLatin(charset)) {
    return encodeURIComponent(value)
      .replace(/%20/g, "+")
      .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === " ") out += "+";
    else if (code < 0x80 && UNRESERVED.test(char)) out += char;
    // Beyond Latin-1 the board's charset has no byte for it: a numeric reference, as browsers send.
    else if (code > 0xff) out += encodeComponent(`&#${code};`, charset);
    else out += `%${code.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A form's fields as the body a browser on that board sends, in the board's charset. */
export function encodeForm(fields: URLSearchParams, charset: string): string {
  return [...fields]
    .map(([name, value]) => `${encodeComponent(name, charset)}=${encodeComponent(value, charset)}`)
    .join("&");
}
