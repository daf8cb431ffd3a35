import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** A payload 2.0 event as API Gateway (or the local adapter) hands it to a group handler. */
export function httpEvent(
  method: string,
  path: string,
  routeKey: string,
  extra: Partial<APIGatewayProxyEventV2> = {},
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'accept-language': 'en' },
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req-test',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    ...extra,
  };
}
