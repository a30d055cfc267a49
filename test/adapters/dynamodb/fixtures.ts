import { type DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { marshall } from "../../../shared/adapters/dynamodb/attributes.js";
import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { freshTable } from "../../support/harness.js";

export {
  aClubRecord,
  aCommit,
  aForum,
  aKey,
  aMark,
  anEntry,
  anInput,
  aPostInput,
  aState,
  aTimer,
  storedKey,
} from "../contract/fixtures.js";

/** A store on a table of its own, made for the calling test file. */
export async function freshStore(): Promise<{
  store: DynamoDbStore;
  client: DynamoDBClient;
  tableName: string;
}> {
  const { client, tableName } = await freshTable();
  return { store: new DynamoDbStore({ client, tableName }), client, tableName };
}

/** An item as stored (raw attribute values), read consistently by its key; undefined when absent. */
export function itemReader(client: DynamoDBClient, tableName: string) {
  return async (key: Record<string, string>) =>
    (
      await client.send(
        new GetItemCommand({ TableName: tableName, Key: marshall(key), ConsistentRead: true }),
      )
    ).Item;
}
