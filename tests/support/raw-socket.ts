import net from 'node:net';

/** The status, headers and body of an answer read off a raw socket. */
export interface SocketAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends bytes exactly as written over a new TCP connection (no client library tidies the Host or
 * merges repeated headers) and reads the answer until the server closes the connection (send `Connection: close`).
 */
export function sendRaw(base: string, request: string): Promise<SocketAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: split === -1 ? '' : text.slice(split + 4) });
    });
  });
}

/** A server process's resident memory in bytes, from /proc (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** How many sockets a process holds open, from its file descriptors in /proc (Linux). */
export async function openSockets(pid: number): Promise<number> {
  const { readdir, readlink } = await import('node:fs/promises');
  const fds = await readdir(`/proc/${pid}/fd`);
  const links = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  return links.filter((link) => link.startsWith('socket:')).length;
}
