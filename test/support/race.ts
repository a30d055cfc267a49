import { type DynamoDBClient, TransactWriteItemsCommand } from "@aws-sdk/client-dynamodb";

/**
 * A client on which the first `count` transactions wait for each other before reaching DynamoDB:
 * processes built on it (`pipelineOn`) have all read before any of them writes, as when
 * deliveries arrive at once. `arrived()` says how many transactions met.
 */
export function meetingClient(client: DynamoDBClient, count = 2) {
  let arrived = 0;
  let met = () => {};
  const meeting = new Promise<void>((resolve) => {
    met = resolve;
  });
  const gated = Object.assign(Object.create(client) as DynamoDBClient, {
    send: async (command: unknown, ...rest: unknown[]) => {
      if (command instanceof TransactWriteItemsCommand && ++arrived <= count) {
        if (arrived === count) met();
        await meeting;
      }
      return Reflect.apply(client.send, client, [command, ...rest]);
    },
  });
  return { client: gated, arrived: () => arrived };
}
