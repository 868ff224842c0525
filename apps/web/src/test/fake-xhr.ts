/**
 * A stand-in for XMLHttpRequest at the client's boundary: it records what the client sends and
 * answers from a handler. It knows nothing of the server's logic; tests state the answers.
 */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeout: number;
}

export type Answer =
  | { status: number; body?: unknown; text?: string; headers?: Record<string, string>; blob?: Blob }
  | 'network-error'
  | 'timeout';

/** The handler may answer later (a promise): what the page shows while a request is on its way. */
export function createFakeXhr(handler: (req: SentRequest) => Answer | Promise<Answer>) {
  const sent: SentRequest[] = [];

  class FakeXhr {
    method = '';
    url = '';
    timeout = 0;
    responseType: XMLHttpRequestResponseType = '';
    status = 0;
    responseText = '';
    response: unknown = null;
    upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      const found = Object.entries(this.responseHeaders).find(
        ([k]) => k.toLowerCase() === name.toLowerCase(),
      );
      return found ? found[1] : null;
    }
    send(body: unknown) {
      const parsed = typeof body === 'string' ? JSON.parse(body) : body;
      const req: SentRequest = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body: parsed,
        timeout: this.timeout,
      };
      sent.push(req);
      void Promise.resolve(handler(req)).then((answer) => {
        if (answer === 'network-error') return this.onerror?.();
        if (answer === 'timeout') return this.ontimeout?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        this.status = answer.status;
        this.responseHeaders = { 'Content-Type': 'application/json', ...answer.headers };
        const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
        if (this.responseType === 'blob')
          this.response = answer.blob ?? new Blob([text], { type: this.responseHeaders['Content-Type'] });
        else this.responseText = text;
        this.onload?.();
      });
    }
  }

  return { sent, createXhr: () => new FakeXhr() as unknown as XMLHttpRequest };
}

export const ok = (data: unknown): Answer => ({ status: 200, body: { code: 200, msg: 'success', data } });
export const fail = (code: number, msg: string, extra: Record<string, unknown> = {}): Answer => ({
  status: code,
  body: { code, msg, ...extra },
});

/** An answer held back until `release()`: what a page shows while a request is on its way. */
export function heldBack(): { until: Promise<void>; release: () => void } {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  return { until, release };
}
