// Baseline: a bare node:http server answering every request with the bytes of one file from memory,
// with the header block the service sent for them (node:http adds Date, Connection and Keep-Alive
// itself, as it does for the service).
// Usage: bare-server.mjs <body file> <port> <headers JSON file>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port, headersFile] = process.argv.slice(2);
const body = readFileSync(file);
const headers = JSON.parse(readFileSync(headersFile, 'utf8'));
createServer((request, response) => {
  if (request.url === '/healthz') return response.end('ok');
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1');
