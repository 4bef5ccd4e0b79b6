import type { Config } from '../config/config-types.js';
import type { DomainContext } from '../domain/context.js';
import { getCoreSettings } from '../settings/core-settings.js';
import { DEFAULT_AI_MODEL } from '../settings/default-schema.js';
import { findSecretSetting } from '../settings/settings.js';
import { helpdeskCloudSiteUrl } from './cloud-site.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Why the backend gave no answer; callers fall back (docs-only reply), they never fail. */
export type ChatFailureReason = 'not_configured' | 'timeout' | 'unreachable' | 'rate_limited' | 'http_error' | 'bad_response';

export type ChatResult =
  | { ok: true; content: string }
  | { ok: false; reason: ChatFailureReason; detail: string; status?: number; retryAfterSeconds?: number };

export interface ChatRequest {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  timeoutMs: number;
}

// A reply longer than this is not a helpdesk answer; reading on would only hold memory.
const MAX_RESPONSE_BYTES = 1_000_000;

/**
 * One OpenAI-compatible chat completion: `POST {base}/v1/chat/completions` with a Bearer key.
 * Never throws: timeouts, refused connections, 4xx/5xx, 429 (with Retry-After) and bodies that are not
 * a completion all come back as a typed failure.
 */
export async function requestChatCompletion(request: ChatRequest): Promise<ChatResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    const response = await fetch(`${request.baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${request.apiKey}` },
      body: JSON.stringify({ model: request.model, messages: request.messages }),
      signal: controller.signal,
      redirect: 'error',
    });
    const text = await response.text();
    if (response.status === 429) {
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      return {
        ok: false,
        reason: 'rate_limited',
        status: 429,
        // i18n-exempt: a diagnosis for the operator's log; people read the failure's reason in their language
        detail: 'The AI backend is rate limiting requests.',
        ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
      };
    }
    if (!response.ok)
      // i18n-exempt: a diagnosis for the operator's log; people read the failure's reason in their language
      return { ok: false, reason: 'http_error', status: response.status, detail: `The AI backend answered HTTP ${response.status}.` };
    if (text.length > MAX_RESPONSE_BYTES)
      // i18n-exempt: a diagnosis for the operator's log; people read the failure's reason in their language
      return { ok: false, reason: 'bad_response', detail: 'The AI backend answered with an oversized body.' };
    const content = readContent(text);
    // i18n-exempt: a diagnosis for the operator's log; people read the failure's reason in their language
    if (content === null) return { ok: false, reason: 'bad_response', detail: 'The AI backend did not answer with a chat completion.' };
    return { ok: true, content };
  } catch (error) {
    if (controller.signal.aborted)
      // i18n-exempt: a diagnosis for the operator's log; people read the failure's reason in their language
      return { ok: false, reason: 'timeout', detail: `The AI backend did not answer within ${request.timeoutMs} ms.` };
    return {
      ok: false,
      reason: 'unreachable',
      // i18n-exempt: a diagnosis for the operator's log; people read the failure's reason in their language
      detail: `The AI backend could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    clearTimeout(timer);
  }
}

function readContent(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]?.message?.content;
  return typeof content === 'string' && content.trim() ? content.trim() : null;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Asks the configured backend (HELPDESK_CLOUD_SITE, the AI tab's model, timeout and encrypted API key).
 * Without a readable API key nothing is sent: `not_configured`.
 */
export async function askAiBackend(ctx: DomainContext, config: Pick<Config, 'constants'>, messages: ChatMessage[]): Promise<ChatResult> {
  try {
    const apiKey = await findSecretSetting(ctx, 'ai', 'api_key');
    // i18n-exempt: a diagnosis for the operator's log; people read the failure's reason in their language
    if (!apiKey) return { ok: false, reason: 'not_configured', detail: 'No AI API key is configured (AI tab).' };
    const ai = (await getCoreSettings(ctx)).ai;
    // A model name emptied on the screen means "the standard one"; the backend would refuse an empty one.
    const model = ai.model.trim() || DEFAULT_AI_MODEL;
    return await requestChatCompletion({
      baseUrl: helpdeskCloudSiteUrl(config),
      apiKey,
      model,
      messages,
      timeoutMs: ai.timeout_seconds * 1000,
    });
  } catch (error) {
    // Settings unreadable (a plugin's filter threw, the seed filter misbehaves): no answer, no crash.
    return { ok: false, reason: 'not_configured', detail: error instanceof Error ? error.message : String(error) };
  }
}
