/** An API Gateway HTTP API (payload 2.0) event, as the webhook and HTTP functions receive it. */
export function httpEvent(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
  now: Date = new Date(),
) {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: path,
    rawQueryString: "",
    headers: { host: "warmup.execute-api.eu-west-3.amazonaws.com", ...headers },
    requestContext: {
      accountId: "123456789012",
      apiId: "warmup",
      domainName: "warmup.execute-api.eu-west-3.amazonaws.com",
      domainPrefix: "warmup",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "warmup" },
      requestId: "warmup",
      routeKey: "$default",
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  };
}
