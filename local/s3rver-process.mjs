// s3rver in its own process: it needs Node's legacy OpenSSL provider for paginated listings,
// which we do not want in the app's own process. Exits when its parent goes away.
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';

// The local cloud signs with the key pair `local`/`local` (LOCAL_CREDENTIALS in cloud.ts); s3rver
// only knows its own S3RVER pair unless told.
AWSAccount.DUMMY_ACCOUNT.createKeyPair('local', 'local');

const [port, directory, configJson] = process.argv.slice(2);
const buckets = JSON.parse(configJson);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: buckets.map((b) => ({ name: b.name, configs: b.cors ? [b.cors] : [] })),
});
await server.run();
process.send?.({ ready: true });
const stop = () => server.close().finally(() => process.exit(0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
