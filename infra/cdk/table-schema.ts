/**
 * The key names of the single-table design, as the DynamoDB adapter writes them. They must match
 * shared/adapters/dynamodb/table.ts; they are repeated here only until that module exports them.
 */
export const TABLE_SCHEMA = {
  partitionKey: "pk",
  sortKey: "sk",
  /** The one global secondary index (projection ALL): duels by status, due outbox entries… */
  gsi1: { indexName: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
  /** Epoch seconds; DynamoDB deletes expired items (dedup keys, delivered outbox entries). */
  ttlAttribute: "expiresAt",
} as const;

/**
 * Every DynamoDB data-plane action the functions use, listed so no policy needs `dynamodb:*`.
 * Transactions need no action of their own: TransactWriteItems is authorised per item as
 * PutItem / UpdateItem / DeleteItem / ConditionCheckItem, TransactGetItems as GetItem.
 * No Scan: listings go through gsi1 (see DuelStore.listDuels).
 */
export const TABLE_DATA_ACTIONS = [
  "dynamodb:BatchGetItem",
  "dynamodb:ConditionCheckItem",
  "dynamodb:DeleteItem",
  "dynamodb:GetItem",
  "dynamodb:PutItem",
  "dynamodb:Query",
  "dynamodb:UpdateItem",
] as const;
