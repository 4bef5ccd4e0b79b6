import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCS_ANSWER_PER_ADDRESS_MINUTE } from '../../../../common/limits.js';
import { updateSettings } from '../../../settings/settings.js';
import { createDoc } from '../../../test/factories.js';
import { type FakeAiBackend, startFakeAiBackend } from '../../../test/fake-ai-backend.js';
import { describeEachDatabase } from '../../../test/test-databases.js';
import { useTestHelpdesk } from '../../../test/test-helpdesk.js';

// The AI answer beside the suggestions, against a local server speaking the backend's real protocol.

describeEachDatabase('widget doc suggestions: the AI answer', (dialect) => {
  const hd = useTestHelpdesk(dialect);
  let backend: FakeAiBackend;
  let reset: { id: number };
  let rules: { id: number };
  let address = 0;
  const suggest = (query: string, remoteAddress = `192.0.2.${++address}`) =>
    hd.app.inject({ method: 'GET', url: `/api/helpdesk/v1/docs/suggest?${query}`, remoteAddress });

  beforeAll(async () => {
    backend = await startFakeAiBackend();
    hd.config.constants.HELPDESK_CLOUD_SITE = backend.url;
    reset = await createDoc(hd, { title: 'Reset your password', content: 'Use the Forgot password link on the sign-in page.' });
    rules = await createDoc(hd, { title: 'Password rules', content: 'A password needs twelve characters.' });
  });
  afterAll(async () => {
    await backend?.close();
  });
  beforeEach(() => {
    backend.mode = 'up';
    backend.requests.length = 0;
  });

  it('sends no answer, and asks no backend, while no AI backend is configured', async () => {
    const res = await suggest('q=forgot%20my%20password&answer=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions.length).toBeGreaterThan(0);
    expect(res.json()).not.toHaveProperty('answer');
    expect(backend.requests).toHaveLength(0);
  });

  describe('once configured', () => {
    beforeAll(async () => {
      await updateSettings(hd.ctx, { ai: { api_key: 'sk-widget', timeout_seconds: 2, model: 'test-model' } });
    });

    it('answers from the suggested docs, in the visitor language, citing them by id', async () => {
      backend.answer = () => 'Choose Forgot password on the sign-in page [1](link).';
      const res = await suggest('q=forgot%20my%20password&lang=de&answer=true');
      expect(res.statusCode).toBe(200);
      const { suggestions, answer } = res.json() as { suggestions: Array<{ id: number }>; answer: { text: string; sources: number[] } };
      expect(suggestions[0]?.id).toBe(reset.id);
      expect(answer).toEqual({ text: 'Choose Forgot password on the sign-in page [1](link).', sources: [reset.id] });
      const [request] = backend.requests;
      const system = request?.body.messages[0]?.content ?? '';
      expect(system).toContain('Use the Forgot password link on the sign-in page.');
      expect(system).toContain('Write in German');
      expect(request?.body.messages[1]?.content).toContain('forgot my password');
    });

    it('sends no answer unless the caller asks for one', async () => {
      const res = await suggest('q=forgot%20my%20password');
      expect(res.json()).not.toHaveProperty('answer');
      expect(backend.requests).toHaveLength(0);
    });

    it('sends no answer when the docs do not answer, the backend fails, or nothing was suggested', async () => {
      backend.answer = () => 'NO_ANSWER';
      expect((await suggest('q=password%20twelve&answer=true')).json()).not.toHaveProperty('answer');
      backend.mode = 'error';
      const failed = await suggest('q=password%20twelve&answer=true');
      expect(failed.statusCode).toBe(200);
      expect(failed.json().suggestions.map((s: { id: number }) => s.id)).toContain(rules.id);
      expect(failed.json()).not.toHaveProperty('answer');
      backend.requests.length = 0;
      expect((await suggest('q=zebra%20printer&answer=true')).json()).toEqual({ suggestions: [] });
      expect(backend.requests).toHaveLength(0);
    });

    it(`gives one address at most ${DOCS_ANSWER_PER_ADDRESS_MINUTE} answers a minute, then the docs alone`, async () => {
      backend.answer = () => 'See [2](link).';
      const busy = '192.0.2.250';
      for (let i = 0; i < DOCS_ANSWER_PER_ADDRESS_MINUTE; i++) {
        expect((await suggest('q=password&answer=true', busy)).json().answer?.sources).toHaveLength(1);
      }
      const docsAlone = await suggest('q=password&answer=true', busy);
      expect(docsAlone.statusCode).toBe(200);
      expect(docsAlone.json()).not.toHaveProperty('answer');
      expect(backend.requests).toHaveLength(DOCS_ANSWER_PER_ADDRESS_MINUTE);
    });
  });
});
