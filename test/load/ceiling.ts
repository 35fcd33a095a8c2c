/**
 * A ceiling for the benchmark: a bare server answering every request with the same JSON bytes
 * from memory, in a process of its own like a gündem node. `node ceiling.js http|express PORT FILE`.
 * What gündem does per request on top of this (routing, auth, SQL, serialising) is what the
 * ratios measure.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import express from 'express';

const [kind, portRaw, file] = process.argv.slice(2);
const body = readFileSync(file);
const port = Number(portRaw);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

if (kind === 'http') {
  createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  }).listen(port, '127.0.0.1', () => process.send?.('ready'));
} else {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use((_req, res) => {
    res.set(headers).end(body);
  });
  app.listen(port, '127.0.0.1', () => process.send?.('ready'));
}
