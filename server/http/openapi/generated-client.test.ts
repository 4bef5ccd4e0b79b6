import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPost } from '../../domain/content/create-post.js';
import { relaxIntakeLimits, setRegistration } from '../../test/fixtures.js';
import { describeEachDatabase } from '../../test/test-databases.js';
import { useTestHelpdesk } from '../../test/test-helpdesk.js';

// What an outside developer writes: a client generated from the served document, used with no casts.
const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

export async function useTheApi(baseUrl: string, token: string) {
  const api = createClient<paths>({ baseUrl });

  const filed = await api.POST('/api/helpdesk/v1/tickets/', {
    body: {
      name: 'Ann Client',
      email: 'ann@client.test',
      subject: 'Export does nothing',
      description: 'I click Export and nothing happens.',
    },
  });
  if (filed.error) throw new Error(filed.error.detail);
  if (!('id' in filed.data)) throw new Error('the ticket was received without an id');

  const docs = await api.GET('/api/helpdesk/v1/docs/', { params: { query: { search: 'export' } } });
  if (docs.error) throw new Error(docs.error.detail);

  const reply = await api.POST('/api/helpdesk/v1/tickets/{id}/comments', {
    params: { path: { id: filed.data.id } },
    body: { text: 'Thanks, Ann: we are on it.' },
    headers: { Authorization: 'Bearer ' + token },
  });
  if (reply.error) throw new Error(reply.error.code + ': ' + reply.error.detail);

  const refused = await api.GET('/api/helpdesk/v1/tickets/{id}', { params: { path: { id: filed.data.id } } });
  return {
    ticketId: filed.data.id,
    status: filed.response.status,
    docTitles: docs.data.map((doc) => doc.title),
    replyId: reply.data.id,
    refusedCode: refused.error?.code,
  };
}
`;

describeEachDatabase('a client generated from openapi.json compiles under --strict and works', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let dir: string;
  let baseUrl: string;
  beforeAll(async () => {
    await relaxIntakeLimits(hd.ctx);
    await setRegistration(hd.ctx, { anyoneCanRegister: true, createAccounts: true });
    await createPost(
      hd.ctx,
      'doc',
      { title: 'Exporting your data', content: 'Use the Export button to download a CSV file.', status: 'publish' },
      null,
    );
    baseUrl = await hd.app.listen({ port: 0, host: '127.0.0.1' });
    dir = mkdtempSync(join(tmpdir(), 'helpdesk-client-'));
    // The generated client resolves openapi-fetch from the project's packages.
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  });
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('generates types, type-checks the client strictly, then files a ticket, lists docs and adds an agent reply', async () => {
    const documentUrl = new URL(`${baseUrl}/api/helpdesk/v1/openapi.json`);
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(documentUrl)));
    writeFileSync(join(dir, 'client.ts'), CLIENT_SOURCE);

    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    await build({
      entryPoints: [join(dir, 'client.ts')],
      outfile: join(dir, 'client.mjs'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      logLevel: 'silent',
    });
    const { useTheApi } = await import(pathToFileURL(join(dir, 'client.mjs')).href);
    const agent = await hd.authAs('agent');
    const result = await useTheApi(baseUrl, agent.authorization.replace('Bearer ', ''));
    expect(result).toMatchObject({
      ticketId: expect.any(Number),
      status: 201,
      replyId: expect.any(Number),
      refusedCode: 'UNAUTHENTICATED',
    });
    expect(result.docTitles).toContain('Exporting your data');
  });
});
