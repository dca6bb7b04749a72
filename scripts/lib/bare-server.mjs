// A bare node:http server for the benchmarks: it answers every request with the status, headers
// and body bytes in the fixture file given as its argument, and prints its port. It runs in a
// process of its own, as the real server does, so both get the same share of the machine.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const fixture = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(fixture.body, 'base64');
const headers = { ...fixture.headers, 'content-length': String(body.length) };

const server = createServer((request, response) => {
  request.resume();
  response.writeHead(fixture.status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
