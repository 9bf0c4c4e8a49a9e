/**
 * The attacker of `npm run bench:nested`, in its own process so its own work (building and
 * sending 200 KB bodies) is not counted against the server it attacks: keeps BODIES bodies nested
 * 100,000 deep in flight to the anonymous routes, and FRAMES of the deepest frames a socket
 * accepts, sending the next burst as soon as the last is answered, and reopening its socket at
 * once whenever the server closes it or refuses to open it, until told to stop.
 */
import WebSocket from 'ws';
import { ATTACKED_ROUTES, DEEP_BODY, deepestFrame } from '../../server/test/nested-attack';

type Start = { base: string; cookie: string; bodies: number; frames: number };

const counts = {
  bodies: {} as Record<string, number>,
  frameAnswers: 0,
  /** Closes of the attacking socket by code (reopened at once, as an attacker would). */
  socketClosed: {} as Record<string, number>,
};
let stopping = false;

async function bodyLoop(base: string, i: number) {
  while (!stopping) {
    const res = await fetch(`${base}${ATTACKED_ROUTES[i % ATTACKED_ROUTES.length]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: DEEP_BODY,
    }).catch(() => null);
    await res?.arrayBuffer();
    const key = String(res?.status ?? 'failed');
    counts.bodies[key] = (counts.bodies[key] ?? 0) + 1;
  }
}

/** The flood on one socket; when the server closes it (or refuses to open it), again at once. */
async function socketLoop(base: string, cookie: string, frames: number, opened: () => void) {
  let first = true;
  const once = () => {
    if (first) opened();
    first = false;
  };
  while (!stopping) await socketOnce(base, cookie, frames, once);
}

function socketOnce(base: string, cookie: string, frames: number, opened: () => void) {
  const frame = deepestFrame();
  return new Promise<void>((resolve) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { cookie, origin: base },
    });
    let pending = 0;
    const burst = () => {
      if (stopping) return ws.close();
      pending = frames;
      for (let i = 0; i < frames; i++) ws.send(frame);
    };
    ws.on('open', () => {
      opened();
      burst();
    });
    ws.on('message', () => {
      counts.frameAnswers += 1;
      pending -= 1;
      if (pending === 0) burst();
    });
    ws.on('close', (code) => {
      if (!stopping) counts.socketClosed[code] = (counts.socketClosed[code] ?? 0) + 1;
      resolve();
    });
    ws.on('error', () => {});
  });
}

process.once('message', async (start: Start) => {
  process.on('message', (msg) => {
    if (msg === 'stop') stopping = true;
  });
  const loops = Array.from({ length: start.bodies }, (_, i) => bodyLoop(start.base, i));
  if (start.frames > 0) {
    loops.push(socketLoop(start.base, start.cookie, start.frames, () => process.send?.('started')));
  } else process.send?.('started');
  await Promise.all(loops);
  process.send?.({ counts });
  process.disconnect();
});
