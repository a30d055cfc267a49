import { Tracer } from "@aws-lambda-powertools/tracer";

/**
 * Powertools' tracer for the functions that can carry it (timer, relay): their SDK clients' calls
 * become X-Ray subsegments under the invocation that active tracing records. Not in the webhook and
 * HTTP functions: the X-Ray SDK it loads would lengthen the cold start forums feel (bench/README.md).
 * Outside Lambda the tracer is disabled and returns the client as it is; so it is in the stack's
 * `basic` observability, which sets POWERTOOLS_TRACE_ENABLED=false (infra/cdk/observability.ts).
 */
export function clientTracer(service: string): <T>(client: T) => T {
  const tracer = new Tracer({ serviceName: service, captureHTTPsRequests: false });
  return (client) => tracer.captureAWSv3Client(client);
}
