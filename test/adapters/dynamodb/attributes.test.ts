import { describe, expect, it } from "vitest";
import {
  fromAttribute,
  marshall,
  toAttribute,
  unmarshall,
} from "../../../shared/adapters/dynamodb/attributes.js";

describe("attribute values of plain JSON", () => {
  it("round-trips strings, numbers, booleans, null, lists and maps", () => {
    const value = {
      s: "é",
      n: -1.5,
      zero: 0,
      b: false,
      nothing: null,
      list: [1, "two", [true]],
      map: { deep: { x: 1 } },
    };
    expect(unmarshall(marshall(value))).toEqual(value);
    expect(marshall({ s: "a", n: 2 })).toEqual({ s: { S: "a" }, n: { N: "2" } });
  });

  it("leaves undefined properties out, as JSON does", () => {
    expect(marshall({ kept: "x", dropped: undefined })).toEqual({ kept: { S: "x" } });
  });

  it("refuses numbers DynamoDB cannot store", () => {
    expect(() => toAttribute(Number.NaN)).toThrow(RangeError);
    expect(() => toAttribute(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("refuses attribute types outside the layout", () => {
    expect(() => fromAttribute({ SS: ["a"] })).toThrow(TypeError);
  });
});
