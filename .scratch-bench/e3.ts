import * as z from "zod/mini";
export const s = z.object({ a: z.string().check(z.minLength(1)), b: z.int() });
console.log(s.parse({ a: "x", b: 1 }));
