/**
 * Stands for `@smithy/core/event-streams` in the Lambda bundles (infra/cdk/bundling.ts). The SDK's
 * protocols import that module, lazily, only for an operation whose input or output has an event
 * stream member; no operation of DynamoDB or EventBridge Scheduler has one
 * (test/infra/bundles.cases.ts checks every operation of both clients, the way the SDK itself
 * tells), so in these bundles it is dead code: codecs and stream marshallers.
 * Should an operation with an event stream ever get here, it fails at once, saying why.
 */

const WHY =
  "event streams are not bundled (infra/cdk/bundling.ts aliases @smithy/core/event-streams away): " +
  "no operation of the bundled clients has one";

export class EventStreamSerde {
  constructor() {
    throw new Error(WHY);
  }
}

export function eventStreamSerdeProvider(): never {
  throw new Error(WHY);
}
