/**
 * HTML character references. Forums escape text even in BBCode and Markdown posts (phpBB stores
 * `&quot;`, editors paste `&nbsp;`), so every format is decoded, not only HTML.
 */

/** The named references French forum posts actually carry; unknown names are left as written. */
const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  zwnj: "\u200c",
  zwj: "\u200d",
  lrm: "",
  rlm: "",
  shy: "",
  aacute: "á",
  agrave: "à",
  acirc: "â",
  auml: "ä",
  atilde: "ã",
  aring: "å",
  aelig: "æ",
  ccedil: "ç",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  euml: "ë",
  iacute: "í",
  igrave: "ì",
  icirc: "î",
  iuml: "ï",
  ntilde: "ñ",
  oacute: "ó",
  ograve: "ò",
  ocirc: "ô",
  ouml: "ö",
  otilde: "õ",
  oslash: "ø",
  oelig: "œ",
  uacute: "ú",
  ugrave: "ù",
  ucirc: "û",
  uuml: "ü",
  yacute: "ý",
  yuml: "ÿ",
  szlig: "ß",
  Aacute: "Á",
  Agrave: "À",
  Acirc: "Â",
  Auml: "Ä",
  AElig: "Æ",
  Ccedil: "Ç",
  Eacute: "É",
  Egrave: "È",
  Ecirc: "Ê",
  Euml: "Ë",
  Icirc: "Î",
  Iuml: "Ï",
  Ntilde: "Ñ",
  Ocirc: "Ô",
  Ouml: "Ö",
  OElig: "Œ",
  Ugrave: "Ù",
  Ucirc: "Û",
  Uuml: "Ü",
  Yuml: "Ÿ",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  minus: "−",
  bull: "•",
  middot: "·",
  deg: "°",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  cent: "¢",
  yen: "¥",
  sect: "§",
  para: "¶",
  times: "×",
  divide: "÷",
  plusmn: "±",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sup1: "¹",
  sup2: "²",
  sup3: "³",
  ordf: "ª",
  ordm: "º",
  micro: "µ",
  iexcl: "¡",
  iquest: "¿",
  dagger: "†",
  prime: "′",
  larr: "←",
  rarr: "→",
  hearts: "♥",
  colon: ":",
  semi: ";",
  comma: ",",
  period: ".",
  excl: "!",
  quest: "?",
  num: "#",
  ast: "*",
  lowbar: "_",
  lpar: "(",
  rpar: ")",
  lbrack: "[",
  rbrack: "]",
  lsqb: "[",
  rsqb: "]",
  sol: "/",
  bsol: "\\",
  equals: "=",
  plus: "+",
  percnt: "%",
  dollar: "$",
  Tab: "\t",
  NewLine: "\n",
};

/**
 * Numeric references 128–159 are C1 controls in Unicode but Windows-1252 punctuation in old
 * forum databases (`&#146;` is an apostrophe there), so they are read the way browsers read them.
 */
const WINDOWS_1252: Readonly<Record<number, string>> = {
  128: "€",
  133: "…",
  140: "Œ",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
  156: "œ",
};

const REFERENCE = /&(?:#([0-9]{1,8})|#[xX]([0-9a-fA-F]{1,8})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g;

function fromCodePoint(code: number): string {
  if (WINDOWS_1252[code] !== undefined) return WINDOWS_1252[code];
  // Invalid or surrogate code points would throw or yield broken text: show the replacement mark.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(code);
}

/**
 * Decodes named (`&eacute;`, `&rsquo;`, `&laquo;`…) and numeric (`&#233;`, `&#xE9;`) references.
 * Named ones need their `;`; an unknown name is kept as written (`AT&T`, `&foo;`).
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    // `hasOwn`, not `in`: `&constructor;` must not reach Object.prototype.
    if (name !== undefined && whole.endsWith(";") && Object.hasOwn(NAMED, name)) return NAMED[name] ?? whole;
    return whole;
  });
}
