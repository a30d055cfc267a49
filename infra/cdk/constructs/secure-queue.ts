import { Duration, Validations } from "aws-cdk-lib";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";

/**
 * A dead-letter queue: what AWS could not deliver lands here for an operator to inspect and replay.
 * SSE-SQS rather than KMS because the senders are AWS services (EventBridge Scheduler, Lambda's
 * stream poller) and a customer key would need a key policy for each; SSE-SQS needs none.
 */
export function deadLetterQueue(scope: Construct, id: string, holds: string): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // The longest SQS keeps a message: time for someone to notice the alarm and act.
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: "AwsSolutions-SQS3",
    reason: `This queue is itself the dead-letter queue of ${holds}; a DLQ of a DLQ would only move the same messages.`,
  });
  return queue;
}
