// s3rver in its own process: it needs Node's legacy OpenSSL provider for paginated listings,
// which we do not want in the app's own process. Exits when its parent goes away.
import S3rver from 's3rver';

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
