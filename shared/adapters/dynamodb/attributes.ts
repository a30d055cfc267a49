import type { AttributeValue } from "@aws-sdk/client-dynamodb";

/** A plain JSON value, as items are written: strings, numbers, booleans, null, lists and maps. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue | undefined;
}

/** A DynamoDB item in its wire form. */
export type Item = Record<string, AttributeValue>;

/** One JSON value as a DynamoDB attribute value (S, N, BOOL, NULL, L, M). */
export function toAttribute(value: JsonValue): AttributeValue {
  if (value === null) return { NULL: true };
  if (typeof value === "string") return { S: value };
  if (typeof value === "boolean") return { BOOL: value };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`cannot store a non-finite number: ${value}`);
    return { N: String(value) };
  }
  if (isList(value)) return { L: value.map(toAttribute) };
  return { M: marshall(value) };
}

/** A plain object as an item; `undefined` properties are left out, as JSON.stringify does. */
export function marshall(value: JsonObject): Item {
  const item: Item = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) item[key] = toAttribute(field);
  }
  return item;
}

/** One attribute value back to JSON; sets and binaries are not part of this table's layout. */
export function fromAttribute(value: AttributeValue): JsonValue {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.L !== undefined) return value.L.map(fromAttribute);
  if (value.M !== undefined) return unmarshall(value.M);
  throw new TypeError(`unsupported attribute value: ${Object.keys(value).join(",")}`);
}

/** An item back to a plain object. */
export function unmarshall(item: Item): Record<string, JsonValue> {
  const value: Record<string, JsonValue> = {};
  for (const [key, field] of Object.entries(item)) value[key] = fromAttribute(field);
  return value;
}

function isList(value: readonly JsonValue[] | JsonObject): value is readonly JsonValue[] {
  return Array.isArray(value);
}

/** A string attribute of an item read back; a missing one means the item is not what we wrote. */
export function stringOf(item: Record<string, JsonValue>, name: string): string {
  const value = item[name];
  if (typeof value !== "string") throw new TypeError(`item attribute ${name} is not a string`);
  return value;
}

/** A string attribute that may be absent or NULL. */
export function optionalStringOf(item: Record<string, JsonValue>, name: string): string | null {
  const value = item[name];
  return typeof value === "string" ? value : null;
}

export function numberOf(item: Record<string, JsonValue>, name: string): number {
  const value = item[name];
  if (typeof value !== "number") throw new TypeError(`item attribute ${name} is not a number`);
  return value;
}

/**
 * A JSON document stored as a string attribute. Big, deep values (a duel's state, a forum's
 * config) are kept as one S attribute: maps would hit the 32-level nesting limit and cost more
 * to read back attribute by attribute.
 */
export function jsonOf<T>(item: Record<string, JsonValue>, name: string): T {
  return JSON.parse(stringOf(item, name)) as T;
}
