/** Keys that would reach an object's prototype: never followed. */
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);
/** Deeper nesting than any webhook body has. */
const MAX_DEPTH = 8;

/**
 * Reads an `application/x-www-form-urlencoded` body written by PHP's `http_build_query` (what
 * Guzzle's `form_params` sends, WEBHOOKS.md section 2): `data[post_id]=1&data[Thread][title]=…`
 * becomes `{data: {post_id: "1", Thread: {title: "…"}}}`. Every value is a string, as PHP sent it
 * (`true` is "1", `false` is "0"); `a[]=x` appends. A key that cannot be read is skipped.
 */
export function parsePhpForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    if (path.length > MAX_DEPTH || path.some((p) => UNSAFE.has(p))) continue;
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === "object" && next !== null) node = next as Record<string, unknown>;
      else {
        const child: Record<string, unknown> = {};
        node[name] = child;
        node = child;
      }
    });
  }
  return root;
}
