import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { DynamoDbPollStore } from "../../../shared/adapters/dynamodb/poll-store.js";
import { freshTable } from "../../support/harness.js";
import { describeDuelStoreContract } from "./duel-store-contract.js";
import { describePollStoreContract } from "./poll-store-contract.js";

describeDuelStoreContract("DynamoDB", async () => new DynamoDbStore(await freshTable()));

describePollStoreContract("DynamoDB", async () => {
  const table = await freshTable();
  return { store: new DynamoDbStore(table), polls: new DynamoDbPollStore(table.client, table.tableName) };
});
