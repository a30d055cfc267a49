import { z } from "zod";
export const s = z.object({ a: z.string().min(1), b: z.number().int() });
console.log(s.parse({ a: "x", b: 1 }));
