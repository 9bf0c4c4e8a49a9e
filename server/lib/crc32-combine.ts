/**
 * CRC-32 of a concatenation from the CRCs of its parts (zlib's crc32_combine), with the
 * operator for each part's length made once: a gzip body built from shared pieces and a few
 * of the member's own gets its trailer CRC without reading the whole body again.
 *
 * A CRC is linear over GF(2): appending n zero bytes is a 32×32 bit matrix, kept as 32 columns
 * (column i is the image of bit i), and crc(A‖B) = shift(len B)(crc A) xor crc B.
 */
export type Crc32Shift = Uint32Array;

function apply(op: Crc32Shift, vector: number): number {
  let sum = 0;
  let v = vector >>> 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= op[i]!;
  return sum >>> 0;
}

/** `a` after `b`. */
function compose(a: Crc32Shift, b: Crc32Shift): Crc32Shift {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = apply(a, b[n]!);
  return out;
}

/** The operator that appends `bytes` zero bytes to a CRC-32. */
export function crc32Shift(bytes: number): Crc32Shift {
  // One zero bit: the reflected polynomial for bit 0, a shift for the others.
  let op: Crc32Shift = new Uint32Array(32);
  op[0] = 0xedb88320;
  for (let n = 1; n < 32; n++) op[n] = (1 << (n - 1)) >>> 0;
  for (let i = 0; i < 3; i++) op = compose(op, op); // 2, 4, then 8 bits: one byte
  let result: Crc32Shift = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = (1 << n) >>> 0;
  for (let left = bytes; left > 0; left = Math.floor(left / 2)) {
    if (left % 2 === 1) result = compose(op, result);
    if (left > 1) op = compose(op, op);
  }
  return result;
}

/** crc32(A‖B) from crc32(A), crc32(B) and the shift for B's length. */
export function crc32Append(crcA: number, shiftB: Crc32Shift, crcB: number): number {
  return (apply(shiftB, crcA) ^ crcB) >>> 0;
}
