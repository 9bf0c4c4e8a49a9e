import { JSON_DEPTH_MAX } from '../constants';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
/** What matters outside a string, and inside one: the regex engine skips the rest natively. */
const OUTSIDE = /["[\]{}]/g;
const INSIDE = /["\\]/g;

/**
 * Reads JSON text piece by piece, before it is parsed, counting how deep its arrays and objects
 * nest (brackets inside strings do not count). One flat pass with a few variables of state, so
 * client data never drives a recursion; it stops at the first character past `max`, so refusing
 * a deep body costs the same whatever its depth. It judges depth only: text that is not JSON is
 * left for the parser to refuse. Bytes and UTF-16 units read alike: every character it looks at
 * is ASCII, which never occurs inside a multi-byte UTF-8 sequence or a surrogate.
 */
export function createJsonDepthScanner(max: number = JSON_DEPTH_MAX) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let over = false;

  function read(text: string) {
    let i = 0;
    while (i < text.length && !over) {
      if (escaped) {
        escaped = false;
        i += 1;
        continue;
      }
      const next = inString ? INSIDE : OUTSIDE;
      next.lastIndex = i;
      const found = next.exec(text);
      if (!found) return;
      i = found.index + 1;
      const c = text.charCodeAt(found.index);
      if (inString) {
        if (c === BACKSLASH) escaped = true;
        else inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) over = ++depth > max;
      else depth--;
    }
  }

  /** The same for bytes, one at a time: cheaper than decoding them for the regex. */
  function readBytes(bytes: Uint8Array) {
    for (let i = 0; i < bytes.length && !over; i++) {
      const c = bytes[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) over = ++depth > max;
      else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    }
  }

  return {
    /** Reads the next piece; true once the nesting went past `max` (nothing after is read). */
    push(piece: string | Uint8Array): boolean {
      if (over) return true;
      if (typeof piece === 'string') read(piece);
      else readBytes(piece);
      return over;
    },
  };
}

/** Whether JSON text nests arrays and objects deeper than `max` (see createJsonDepthScanner). */
export function exceedsJsonDepth(text: string, max: number = JSON_DEPTH_MAX): boolean {
  return createJsonDepthScanner(max).push(text);
}
