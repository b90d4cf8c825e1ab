import { vi } from 'vitest';

/** One request as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path below the API base, e.g. "/me/account"; query string excluded. */
  path: string;
  url: string;
  query: URLSearchParams;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** A streaming body (server-sent events) instead of JSON. */
  stream?: ReadableStream<Uint8Array>;
  /** A plain-text body (e.g. a CSV file) with its content type, instead of JSON. */
  text?: { body: string; contentType: string };
}

export type RouteHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** `{data, errors: [], meta}` with a 200 status. */
export function ok(data: unknown, meta: Record<string, unknown> = {}): FakeReply {
  return { status: 200, body: { data, errors: [], meta } };
}

/** A failed reply carrying the envelope's errors list. */
export function fail(status: number, errors: { code: string; message: string; field?: string }[]): FakeReply {
  return { status, body: { data: null, errors, meta: {} } };
}

const API_PREFIX = '/api/v4';

/**
 * Replaces `fetch` (the app's only boundary to the server) with a fake server answering from
 * `routes`, keyed "METHOD /path". Unknown routes answer 404 in the envelope.
 */
export function mockApi(routes: Record<string, RouteHandler | FakeReply>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const request: RecordedRequest = {
      method,
      path,
      url: url.pathname + url.search,
      query: url.searchParams,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body,
    };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const route = routes[`${method} ${path}`];
    const reply =
      typeof route === 'function'
        ? await route(request)
        : (route ?? fail(404, [{ code: 'not_found', message: `No fake for ${method} ${path}` }]));
    const status = reply.status ?? 200;
    if (reply.text) {
      return new Response(reply.text.body, { status, headers: { 'content-type': reply.text.contentType } });
    }
    if (reply.stream) {
      return new Response(reply.stream, { status, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** The requests made to one route, e.g. `calls('PUT /me/account')`. */
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

/** A server-sent event stream that a test writes to, as the server would (decision 005). */
export interface FakeEventStream {
  reply: FakeReply;
  /** Sends one event: `event: <type>` and its JSON data. */
  send: (type: string, data: unknown) => void;
  /** Sends raw text, e.g. a keep-alive comment or half an event. */
  write: (text: string) => void;
  /** Ends the stream as a server closing the connection would. */
  close: () => void;
  /** True once the client cancelled its reading (it unsubscribed or navigated away). */
  readonly cancelled: boolean;
}

export function eventStream(): FakeEventStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController;
    },
    cancel: () => {
      cancelled = true;
    },
  });
  const write = (text: string) => controller?.enqueue(encoder.encode(text));
  return {
    reply: { status: 200, stream },
    send: (type, data) => write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`),
    write,
    close: () => controller?.close(),
    get cancelled() {
      return cancelled;
    },
  };
}

/** A route handler opening a new event stream per connection; `streams` holds them in order. */
export function eventStreams() {
  const streams: FakeEventStream[] = [];
  const handler: RouteHandler = () => {
    const stream = eventStream();
    streams.push(stream);
    return stream.reply;
  };
  return { streams, handler, latest: () => streams[streams.length - 1] };
}
