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
import { TABLE_DATA_ACTIONS, TABLE_SCHEMA } from "../table-schema.js";

/**
 * The single table: duels, inputs, forums, duelists and the outbox. Its stream carries the outbox
 * items to the relay, so the stream is part of the design, not an option.
 */
export class DuelTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new Table(this, "Table", {
      partitionKey: { name: TABLE_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      // A forum's traffic is bursty and small: on-demand costs nothing when idle and never throttles a burst.
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // The table is the audit log of every duel: neither a stack deletion nor a console click removes it.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // AWS-managed key (aws/dynamodb): key use shows in CloudTrail, yet no key policy to maintain and no
      // kms:Decrypt grant on the stream reader. A customer key would add cost and grants for no extra
      // control here: nothing is shared across accounts and nobody needs to revoke DynamoDB's access.
      encryption: TableEncryption.AWS_MANAGED,
      // The relay needs the item as written (the outbox entry), never the old image.
      stream: StreamViewType.NEW_IMAGE,
      timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: TABLE_SCHEMA.gsi1.indexName,
      partitionKey: { name: TABLE_SCHEMA.gsi1.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_SCHEMA.gsi1.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });
  }

  /** The ARNs data access is granted on: the table and its index, by name (not `index/*`). */
  get dataArns(): string[] {
    return [this.table.tableArn, `${this.table.tableArn}/index/${TABLE_SCHEMA.gsi1.indexName}`];
  }

  /** Item reads and writes, the exact action list; no control-plane or stream action. */
  grantData(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...TABLE_DATA_ACTIONS], resources: this.dataArns }),
    );
  }
}
