import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const operationsDoc = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../docs/operations.md',
);

/** The nginx block docs/operations.md gives under 'Two or more instances', as written there. */
export function documentedNginxBlock(): string {
  const doc = readFileSync(operationsDoc, 'utf8');
  const section = doc.split('\n## Two or more instances')[1];
  const block = section && /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block)
    throw new Error("docs/operations.md has no nginx block under 'Two or more instances'");
  return block;
}

function replaceOnce(text: string, needle: string, replacement: string) {
  const parts = text.split(needle);
  if (parts.length !== 2) {
    throw new Error(`the documented nginx block must contain '${needle}' once`);
  }
  return parts.join(replacement);
}

/**
 * A complete nginx.conf around the documented block, runnable without root and without touching
 * /etc or /var: its own pid, log and temp paths under `dir`, in the foreground (`daemon off`, a
 * child process of the test). The documented block changes only in its addresses, and in one
 * test device: `X-Instance: a|b` pins a request to one instance (no header: the documented
 * round-robin), so a test can sign in through one and go on through the other.
 */
export function nginxTestConfig(options: {
  dir: string;
  port: number;
  upstreams: [number, number];
}) {
  const { dir, port, upstreams } = options;
  let block = documentedNginxBlock();
  block = replaceOnce(block, 'listen 80;', `listen 127.0.0.1:${port};`);
  block = replaceOnce(block, 'server 127.0.0.1:5001;', `server 127.0.0.1:${upstreams[0]};`);
  block = replaceOnce(block, 'server 127.0.0.1:5002;', `server 127.0.0.1:${upstreams[1]};`);
  block = replaceOnce(block, 'proxy_pass http://jumpseat;', 'proxy_pass http://$jumpseat_pinned;');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path ${dir}/client-body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;

    # Test only: pin a request to one instance.
    map $http_x_instance $jumpseat_pinned {
        default jumpseat;
        a jumpseat_a;
        b jumpseat_b;
    }
    upstream jumpseat_a { server 127.0.0.1:${upstreams[0]}; }
    upstream jumpseat_b { server 127.0.0.1:${upstreams[1]}; }

    # As documented (docs/operations.md, 'Two or more instances'):
${block}
}
`;
}
