/**
 * Every DynamoDB data-plane action the functions use, listed so no policy needs `dynamodb:*`.
 * It mirrors what shared/adapters/dynamodb sends (test/infra/iam.cases.ts keeps the two in step):
 * transactions have no action of their own, TransactWriteItems is authorised per item as PutItem,
 * UpdateItem, DeleteItem or ConditionCheckItem. No Scan: listings query gsi1.
 */
export const TABLE_DATA_ACTIONS = [
  "dynamodb:BatchGetItem",
  "dynamodb:DeleteItem",
  "dynamodb:GetItem",
  "dynamodb:PutItem",
  "dynamodb:Query",
  "dynamodb:UpdateItem",
] as const;
