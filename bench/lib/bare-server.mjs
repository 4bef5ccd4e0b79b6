// Baseline: a bare node:http server answering every request with the bytes of one file from memory.
// Usage: bare-server.mjs <file> <port> <content-type> [content-encoding of the file's bytes]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port, contentType, contentEncoding] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { 'content-type': contentType, 'content-length': body.length };
if (contentEncoding) headers['content-encoding'] = contentEncoding;
createServer((request, response) => {
  if (request.url === '/healthz') return response.end('ok');
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1');
