import type { LambdaContext, LambdaEvent } from "hono/aws-lambda";
import { answerMetric } from "../observability/business-metrics.js";
import { keysOfHttpEvent } from "../observability/correlation.js";
import type { Observability } from "./observability.js";

type HttpHandler<R> = (event: LambdaEvent, context?: LambdaContext) => Promise<R>;

/**
 * An HTTP function's handler with its correlation keys (request id, delivery id, forum, sender) on
 * every line the request logs, and one closing line with the answer's status: the line an
 * on-call engineer filters on (`deliveryId`, `forumId`) to follow one delivery.
 */
export function observedHttpHandler<R>(app: HttpHandler<R>, observability: Observability): HttpHandler<R> {
  return (event, context) => {
    const keys = { ...keysOfHttpEvent(event), lambdaRequestId: context?.awsRequestId };
    return observability.correlation.within(keys, async () => {
      const answer = await app(event, context);
      const status =
        typeof answer === "object" && answer !== null && "statusCode" in answer
          ? answer.statusCode
          : undefined;
      if (typeof status === "number") observability.metrics([answerMetric(status)]);
      observability.log({
        level: "info",
        msg: "request",
        path: "rawPath" in event ? event.rawPath : undefined,
        status,
      });
      return answer;
    });
  };
}
