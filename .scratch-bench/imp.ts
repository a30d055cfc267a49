const t = performance.now();
await import("../infra/cdk/bundling.js");
console.log("bundling.ts import", performance.now() - t);
