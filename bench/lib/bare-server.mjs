// Baseline: a bare node:http server answering every request with the bytes of one file from memory.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port, contentType] = process.argv.slice(2);
const body = readFileSync(file);
createServer((request, response) => {
  if (request.url === '/healthz') return response.end('ok');
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
}).listen(Number(port), '127.0.0.1');
