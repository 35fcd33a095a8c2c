// A stand-in for XMLHttpRequest (the image upload's transport: fetch has no upload progress).
// Each request is kept for the test to drive: report upload progress, answer, fail or see it aborted.
export interface FakeXhr {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  aborted: boolean;
  /** Reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => void;
  /** Answers with a status and a JSON body. */
  respond: (status: number, body: unknown) => void;
  /** No answer at all (the network). */
  fail: () => void;
}

export function installFakeXhr() {
  const requests: FakeXhr[] = [];

  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private record: FakeXhr = {
      method: '',
      url: '',
      headers: {},
      body: undefined,
      aborted: false,
      progress: (loaded, total) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
      respond: (status, body) => {
        this.status = status;
        this.responseText = body === undefined ? '' : JSON.stringify(body);
        this.onload?.();
      },
      fail: () => this.onerror?.(),
    };

    open(method: string, url: string) {
      this.record.method = method;
      this.record.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.record.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    send(body: unknown) {
      this.record.body = body;
      requests.push(this.record);
    }
    abort() {
      this.record.aborted = true;
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { requests };
}
