/**
 * One escaping function per output format. Hiboux and thread replies are plain French text with
 * names, spells, reasons and post excerpts inserted as their authors wrote them (shared/texts);
 * every notifier and thread bot passes what it sends through the function of its medium, so a
 * duelist named `Alice "><img src=x onerror=…>` or `@everyone` reads as written and does nothing.
 *
 * Each function keeps the text readable to the person who receives it: what the medium would have
 * read as markup is shown as the characters that were written, nothing is removed (except the
 * control characters, which no medium shows).
 */

/**
 * Control characters no medium shows, and the bidi overrides and isolates that reorder what
 * follows them on screen (a name that turns the rest of its line around); line breaks and tabs
 * stay.
 */
const HIDDEN = /(?![\n\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

const lines = (text: string, escapeLine: (line: string) => string): string =>
  text.replace(/\r\n?/g, "\n").replace(HIDDEN, "").split("\n").map(escapeLine).join("\n");

/**
 * Discourse's `raw` (markdown-it with Discourse's extensions, then its HTML allowlist): every
 * character that opens inline Markdown, an HTML tag or entity, a BBCode tag (`[quote]`, `[url]`)
 * or a table is backslash-escaped (CommonMark shows any escaped ASCII punctuation as itself);
 * block markers are escaped at a line's start (`#`, `>`, `-`, `+`, `=`, `1.`, fences); an `@`
 * takes a zero-width space before the name, since Discourse finds mentions in the text after the
 * escapes are read, and a mention would notify whoever it names.
 */
export function escapeDiscourse(text: string): string {
  return lines(text, (line) =>
    line
      .replace(/[\\`*_[\]<>|~&#]/g, "\\$&")
      .replace(/@/g, "@\u200b")
      .replace(/^(\s*)([-+=])/, "$1\\$2")
      .replace(/^(\s*\d+)([.)])/, "$1\\$2"),
  );
}

/**
 * XenForo BBCode: an opening bracket is the only thing that starts a tag (XenForo escapes HTML
 * itself); it and `@` (a mention, which notifies) are shown as written inside `[PLAIN]`, which
 * XenForo's parser and its mention finder both leave alone.
 */
export function escapeXenForo(text: string): string {
  return lines(text, (line) => line.replace(/[[@]/g, "[PLAIN]$&[/PLAIN]"));
}

/**
 * A Forumactif message body, read by the board as BBCode and, on boards that allow it, HTML. Both
 * modes show a numeric character reference as its character (the board escapes a bare `&` but lets
 * `&#NN;` through), so the characters that open a tag, an entity, a BBCode tag or a mention are
 * written that way: inert in either mode, shown as written. Quotes need nothing: no tag can open
 * around them.
 */
export function escapeForumactif(text: string): string {
  return lines(text, (line) => line.replace(/[&<>[\]@]/g, (c) => `&#${c.charCodeAt(0)};`));
}

/**
 * A Forumactif subject line: plain text the board escapes itself (a `&` shows as written), so only
 * the characters that open an HTML tag or attribute are written as references, should a board
 * version print subjects as they are.
 */
export function escapeForumactifSubject(text: string): string {
  return text
    .replace(HIDDEN, "")
    .replace(/\s+/g, " ")
    .replace(/[<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Discord Markdown, as an embed's title and description and a message's content render it: every
 * character that opens emphasis, code, spoilers, quotes, masked links (their `[`), mentions
 * (`<@…>`, `@everyone`), channels, emoji or timestamps (their `<`) is backslash-escaped (Discord shows any escaped
 * punctuation as itself), and the block markers at a line's start (`#` headings, `-#` subtext,
 * `-`/`*` lists, `1.` lists, `>` quotes). Mentions are also disabled per message
 * (`allowed_mentions: {parse: []}`), so nothing pings even if a client read one.
 */
export function escapeDiscord(text: string): string {
  return lines(text, (line) =>
    line
      .replace(/[\\*_~`|<>[\]@]/g, "\\$&")
      .replace(/^(\s*)([-+#])/, "$1\\$2")
      .replace(/^(\s*\d+)([.)])/, "$1\\$2"),
  );
}

/**
 * A text for the logs: one JSON line per hibou, so a line break can never forge a second entry;
 * what remains to remove are the characters a terminal or a log viewer would act on (escape
 * sequences, bidi overrides).
 */
export function escapeLogText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(HIDDEN, "");
}
