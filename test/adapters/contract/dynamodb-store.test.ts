import { DynamoDbStore } from "../../../shared/adapters/dynamodb/dynamodb-store.js";
import { freshTable } from "../../support/harness.js";
import { describeDuelStoreContract } from "./duel-store-contract.js";

describeDuelStoreContract("DynamoDB", async () => new DynamoDbStore(await freshTable()));
