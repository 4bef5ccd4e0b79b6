// The entry of the worker thread that decodes a large incoming mail (parse-incoming-mail.ts): it reads
// one message and sends back its DecodedMail, or the reason it is not a mail. Built as its own file
// (dist/server/decode-mail-worker.js, scripts/build.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { decodeMail } from './decode-mail.js';

decodeMail(workerData as Uint8Array).then(
  (mail) => parentPort?.postMessage({ mail }),
  (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
