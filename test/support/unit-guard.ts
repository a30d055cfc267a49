import { NO_DYNAMODB_IN_UNIT } from "../tiers.js";

/**
 * The unit tier's setup file: it has no DynamoDB Local, so a unit test that asks for one fails at
 * once with what to do, rather than with a connection refused (or a request to AWS) later on.
 *
 * `inject` reads vitest's worker state; the endpoint key is made a getter that throws. A test of
 * the unit tier (test/architecture/test-tiers.test.ts) checks that it still does.
 */
const state = (globalThis as { __vitest_worker__?: { providedContext?: object } }).__vitest_worker__;
if (state?.providedContext) {
  Object.defineProperty(state.providedContext, "dynamoEndpoint", {
    configurable: true,
    enumerable: false,
    get() {
      throw new Error(NO_DYNAMODB_IN_UNIT);
    },
  });
}
