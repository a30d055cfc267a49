/** Keys that would reach an object's prototype: never followed. */
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);
/** Deeper nesting than any webhook body has. */
const MAX_DEPTH = 8;

type Node = Record<string, unknown>;

/**
 * Reads an `application/x-www-form-urlencoded` body written by PHP's `http_build_query` (what
 * Guzzle's `form_params` sends, WEBHOOKS.md section 2): `data[post_id]=1&data[Thread][title]=…`
 * becomes `{data: {post_id: "1", Thread: {title: "…"}}}`. Every value is a string, as PHP sent it
 * (`true` is "1", `false` is "0"); `a[]=x` appends after the node's largest integer key, as PHP
 * does. A key that cannot be read is skipped. Linear in the body: each node keeps its next index
 * instead of counting its keys on every append (a body of `x[]=&` repeated would be quadratic).
 */
export function parsePhpForm(raw: string): Node {
  const root: Node = {};
  const nextIndex = new Map<Node, number>();
  const place = (node: Node, segment: string): string => {
    const next = nextIndex.get(node) ?? 0;
    if (segment === "") {
      nextIndex.set(node, next + 1);
      return String(next);
    }
    if (/^(?:0|[1-9]\d{0,8})$/.test(segment) && Number(segment) >= next) {
      nextIndex.set(node, Number(segment) + 1);
    }
    return segment;
  };
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match?.[1]) continue;
    const path = [match[1], ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    if (path.length > MAX_DEPTH || path.some((p) => UNSAFE.has(p))) continue;
    let node: Node = root;
    path.forEach((segment, index) => {
      const name = place(node, segment);
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === "object" && next !== null) node = next as Node;
      else {
        const child: Node = {};
        node[name] = child;
        node = child;
      }
    });
  }
  return root;
}
