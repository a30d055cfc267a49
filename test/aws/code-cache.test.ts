import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { codeCachePath, openCodeCache, sealCodeCache } from "../../shared/aws/code-cache.js";

/**
 * The code cache of shared/aws/code-cache.ts, each case in a fresh process as a cold start is: in
 * one process V8 keeps what it compiled, and would answer a second compile of the same source from
 * its memory rather than from the cache.
 */
const dir = mkdtempSync(join(tmpdir(), "code-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODULE = pathToFileURL(join(import.meta.dirname, "../../shared/aws/code-cache.ts")).href;

/** A wrapped CommonJS body, as CODE_CACHED bundles are, with enough code for a cache worth having. */
function writeBundle(name: string, answer: number): string {
  const file = join(dir, name);
  const functions = Array.from(
    { length: 200 },
    (_, i) =>
      `function f${i}(x) { return x.map((y) => y * ${i} + ${answer}).filter((y) => y % 3 !== 1).length; }`,
  ).join("\n");
  const source = `(function (exports, require, module, __filename, __dirname) {\n${functions}\nexports.answer = () => ${answer} + [f1, f2, f3].reduce((n, f) => n + f([]), 0);\n})`;
  writeFileSync(file, source);
  return file;
}

/** Runs the bundle in a fresh process, optionally writes its cache; its answer and cache state. */
function run(bundle: string, write = false): { answer: number; state: string } {
  const script = [
    `const { runCachedBundle, writeCodeCache, codeCachePath } = await import(${JSON.stringify(MODULE)});`,
    `const b = runCachedBundle(${JSON.stringify(bundle)});`,
    "const answer = b.exports.answer();",
    write ? `writeCodeCache(b, codeCachePath(${JSON.stringify(bundle)}));` : "",
    "process.stdout.write(JSON.stringify({ answer, state: b.cache }));",
  ].join("\n");
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as { answer: number; state: string };
}

describe("a bundle run from its code cache", () => {
  it("runs without a cache, writes one, and runs from it", () => {
    const bundle = writeBundle("plain.js", 42);
    expect(run(bundle, true)).toEqual({ answer: 42, state: "none" });
    expect(run(bundle)).toEqual({ answer: 42, state: "accepted" });
  });

  it("is compiled as if there were no cache when the cache is corrupt (V8 would crash on it)", () => {
    const bundle = writeBundle("corrupt.js", 7);
    run(bundle, true);
    const cache = readFileSync(codeCachePath(bundle));
    for (let i = cache.length - 1; i > cache.length - 2000 && i > 200; i -= 97)
      cache[i] = (cache[i] ?? 0) ^ 0xff;
    writeFileSync(codeCachePath(bundle), cache);
    expect(run(bundle)).toEqual({ answer: 7, state: "mismatched" });
  });

  it("is compiled as if there were no cache when the cache is another bundle's of the same length", () => {
    const first = writeBundle("first.js", 11);
    const second = writeBundle("second.js", 12);
    expect(readFileSync(first).length).toBe(readFileSync(second).length);
    run(first, true);
    writeFileSync(codeCachePath(second), readFileSync(codeCachePath(first)));
    expect(run(second)).toEqual({ answer: 12, state: "mismatched" });
  });

  it("is compiled as if there were no cache when V8 refuses it (another V8 build)", () => {
    const bundle = writeBundle("other-v8.js", 5);
    run(bundle, true);
    const source = readFileSync(bundle, "utf8");
    const data = openCodeCache(readFileSync(codeCachePath(bundle)), source);
    if (!data) throw new Error("the cache just written does not open");
    // V8's header: magic number, then the hash of the V8 version that wrote it.
    const other = Buffer.from(data);
    for (let i = 4; i < 8; i++) other[i] = (other[i] ?? 0) ^ 0xff;
    writeFileSync(codeCachePath(bundle), sealCodeCache(other, source));
    expect(run(bundle)).toEqual({ answer: 5, state: "rejected" });
  });

  it("is not a cache file when it lacks the checksums", () => {
    expect(openCodeCache(Buffer.from("not a cache"), "source")).toBeUndefined();
    const sealed = sealCodeCache(Buffer.from("bytes"), "source");
    expect(openCodeCache(sealed, "source")?.toString()).toBe("bytes");
    expect(openCodeCache(sealed, "sourcE")).toBeUndefined();
  });

  it("knows a source by its bytes as by its text (a cold start hashes the file as read)", () => {
    const source = "(function () { return '« é »'; })";
    const sealed = sealCodeCache(Buffer.from("bytes"), source);
    expect(openCodeCache(sealed, Buffer.from(source, "utf8"))?.toString()).toBe("bytes");
    expect(openCodeCache(sealCodeCache(Buffer.from("bytes"), Buffer.from(source)), source)?.toString()).toBe(
      "bytes",
    );
    expect(openCodeCache(sealed, Buffer.from(source, "latin1"))).toBeUndefined();
  });
});
