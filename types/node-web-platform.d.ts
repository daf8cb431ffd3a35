// Transitional, Node project only. Node 20 has these web-platform names at runtime, but @types/node 20
// declares them only inside lib.dom, which the Node project no longer loads. Two tests name them
// (tests/integration/accounts-google.test.ts: CryptoKey; tests/support/http-client.ts: BodyInit).
// Delete this file once they say `webcrypto.CryptoKey` (from node:crypto) and `RequestInit['body']`.
type CryptoKey = import('node:crypto').webcrypto.CryptoKey;
type BodyInit = NonNullable<RequestInit['body']>;
