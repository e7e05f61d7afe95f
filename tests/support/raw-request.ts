import http from 'node:http';
import { Readable } from 'node:stream';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request over node:http, with the path sent exactly as written (fetch would tidy `//api` or
 * `%73`) and a body that may be a stream. When the server answers before the body is sent and
 * closes the connection, the answer is what counts, not the failed rest of the upload.
 */
export function rawRequest(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: string | Readable },
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      { host: url.hostname, port: url.port, method: options.method ?? 'POST', path: options.path, headers: options.headers, agent: false },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
        response.on('error', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const { body } = options;
    if (body instanceof Readable) {
      body.on('error', () => {});
      body.pipe(request);
      request.on('close', () => body.destroy());
    } else {
      request.end(body);
    }
  });
}

/** A stream of `size` bytes of filler, made chunk by chunk so the test never holds the whole body. */
export function fillerBody(size: number, chunkSize = 64 * 1024): Readable {
  const chunk = Buffer.alloc(chunkSize, 0x61);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const next = Math.min(chunkSize, size - sent);
      sent += next;
      this.push(next === chunkSize ? chunk : chunk.subarray(0, next));
    },
  });
}
