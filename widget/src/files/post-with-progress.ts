/** The server's answer as the widget's classify() reads it. */
export interface RawAnswer {
  status: number;
  data: unknown;
  retryAfter: string | null;
}

/**
 * POSTs a multipart body with XMLHttpRequest, the one browser API that reports upload progress (fetch
 * has none). No credentials. Instead of a total timeout (a large file on a slow line takes minutes),
 * it gives up when nothing moves for `stallMs`: no progress while sending, no answer after. Resolves
 * undefined when the help desk could not be reached.
 */
export function postWithProgress(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  stallMs: number,
): Promise<RawAnswer | undefined> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => xhr.abort(), stallMs);
    };
    xhr.open('POST', url);
    // The problems' details in the widget's language (as its form-encoded requests ask).
    const language = body.get('language');
    if (typeof language === 'string' && language) xhr.setRequestHeader('Accept-Language', language);
    xhr.upload.addEventListener('progress', (e) => {
      arm();
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    });
    xhr.upload.addEventListener('load', arm);
    xhr.addEventListener('load', () => {
      clearTimeout(timer);
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      resolve({ status: xhr.status, data, retryAfter: xhr.getResponseHeader('Retry-After') });
    });
    for (const failure of ['error', 'abort', 'timeout'] as const) {
      xhr.addEventListener(failure, () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    }
    arm();
    xhr.send(body);
  });
}
