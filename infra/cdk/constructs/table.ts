import { RemovalPolicy } from "aws-cdk-lib";
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from "aws-cdk-lib/aws-dynamodb";
import { type IGrantable, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Construct } from "constructs";
import { tableDefinition } from "../../../shared/adapters/dynamodb/table.js";
import { TABLE_DATA_ACTIONS } from "../table-access.js";

const ATTRIBUTE_TYPES = {
  S: AttributeType.STRING,
  N: AttributeType.NUMBER,
  B: AttributeType.BINARY,
} as const;

/**
 * The single table: duels, inputs, forums, duelists and the outbox. Its stream carries the outbox
 * items to the relay, so the stream is part of the design, not an option.
 */
export class DuelTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Keys, index, TTL and stream come from the design shared with the local stack, so both agree.
    const design = tableDefinition;
    this.table = new Table(this, "Table", {
      partitionKey: { name: design.partitionKey.name, type: ATTRIBUTE_TYPES[design.partitionKey.type] },
      sortKey: { name: design.sortKey.name, type: ATTRIBUTE_TYPES[design.sortKey.type] },
      // A forum's traffic is bursty and small: on-demand costs nothing when idle and never throttles a burst.
      billingMode: BillingMode[design.billingMode],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The table is the audit log of every duel: neither a stack deletion nor a console click removes it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // AWS-managed key (aws/dynamodb): key use shows in CloudTrail, yet no key policy to maintain and no
      // kms:Decrypt grant on the stream reader. A customer key would add cost and grants for no extra
      // control here: nothing is shared across accounts and nobody needs to revoke DynamoDB's access.
      encryption: TableEncryption.AWS_MANAGED,
      // The relay needs the item as written (the outbox entry), never the old image.
      stream: StreamViewType[design.stream],
      timeToLiveAttribute: design.timeToLiveAttribute,
    });
    for (const index of design.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey.name, type: ATTRIBUTE_TYPES[index.partitionKey.type] },
        sortKey: { name: index.sortKey.name, type: ATTRIBUTE_TYPES[index.sortKey.type] },
        projectionType: ProjectionType[index.projection],
        nonKeyAttributes: [...index.nonKeyAttributes],
      });
    }
  }

  /** The ARNs data access is granted on: the table and its indexes, each by name (not `index/*`). */
  get dataArns(): string[] {
    const indexes = tableDefinition.globalSecondaryIndexes.map(
      (i) => `${this.table.tableArn}/index/${i.indexName}`,
    );
    return [this.table.tableArn, ...indexes];
  }

  /** Item reads and writes, the exact action list; no control-plane or stream action. */
  grantData(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...TABLE_DATA_ACTIONS], resources: this.dataArns }),
    );
  }
}
