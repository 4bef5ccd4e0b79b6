import { Worker } from 'node:worker_threads';

/**
 * Starts `url` (a TypeScript module) in a worker thread: a worker gets none of tsx's hooks from the
 * command line, so it registers them itself before importing the module.
 */
export function startTypeScriptWorker(url: URL, workerData: unknown): Worker {
  const source = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(source, { eval: true, workerData });
}
