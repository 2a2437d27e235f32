/**
 * A fast Keccak-256 for the draw's hot loop and for airdrop Merkle trees, as a tiny WebAssembly module
 * assembled here at load time (under 4 KB, so browsers may compile it synchronously on the main thread).
 *
 * Why not viem's keccak256 (noble) alone: it hashes one 32-byte value in several microseconds, so scoring
 * a million entries would take seconds. WebAssembly has native 64-bit lanes and rotations, and the
 * scoring loop runs inside the module, with no per-entry call or allocation.
 *
 * Where WebAssembly cannot be compiled (a Content-Security-Policy without 'wasm-unsafe-eval', an exotic
 * runtime) `loadKeccakWasm()` returns undefined and callers fall back to viem. Both paths are tested to
 * agree with viem and with js-sha3.
 *
 * Memory layout (bytes): [0, 192) round constants, [256, 456) the sponge state (25 little-endian lanes),
 * [512, 544) the block hash of a scoring batch, [576, 776) the state of the batch hashers (`hashEach`,
 * `hashPairs`), [1024, …) a working area for messages, batches and scores.
 */

const roundConstantsOffset = 0;
const stateOffset = 256;
const blockHashOffset = 512;
const batchStateOffset = 576;
export const workAreaOffset = 1024;
const rateBytes = 136;

const roundConstants = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];

/** Rotation offsets r[x][y] of the ρ step. */
const rotationOffsets = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];

// WebAssembly opcodes used below.
const op = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  call: 0x10,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i64Load: 0x29,
  i32Load8u: 0x2d,
  i64Store: 0x37,
  i32Const: 0x41,
  i64Const: 0x42,
  i32Eqz: 0x45,
  i32Ne: 0x47,
  i32GtU: 0x4b,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Shl: 0x74,
  i64And: 0x83,
  i64Xor: 0x85,
  i64Rotl: 0x89,
  void: 0x40,
  i32: 0x7f,
  i64: 0x7e,
} as const;

function unsignedLeb(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    const byte = rest & 0x7f;
    rest >>>= 7;
    bytes.push(rest === 0 ? byte : byte | 0x80);
  } while (rest !== 0);
  return bytes;
}

function signedLeb(value: bigint): number[] {
  const bytes: number[] = [];
  let rest = value;
  for (;;) {
    const byte = Number(rest & 0x7fn);
    rest >>= 7n;
    const done = (rest === 0n && (byte & 0x40) === 0) || (rest === -1n && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

const i32Const = (value: number) => [op.i32Const, ...signedLeb(BigInt(value))];
const i64Const = (value: bigint) => [op.i64Const, ...signedLeb(BigInt.asIntN(64, value))];
const get = (local: number) => [op.localGet, ...unsignedLeb(local)];
const set = (local: number) => [op.localSet, ...unsignedLeb(local)];
// Alignment hint 3 = 8 bytes.
const load64 = (offset: number) => [op.i64Load, 3, ...unsignedLeb(offset)];
const store64 = (offset: number) => [op.i64Store, 3, ...unsignedLeb(offset)];
const loadByte = (offset: number) => [op.i32Load8u, 0, ...unsignedLeb(offset)];

function section(id: number, content: number[]): number[] {
  return [id, ...unsignedLeb(content.length), ...content];
}

function vector(items: number[][]): number[] {
  return [...unsignedLeb(items.length), ...items.flat()];
}

function functionBody(locals: [count: number, type: number][], code: number[]): number[] {
  const body = [...vector(locals.map(([count, type]) => [...unsignedLeb(count), type])), ...code, op.end];
  return [...unsignedLeb(body.length), ...body];
}

/**
 * The 24 rounds of Keccak-f[1600] on lanes held in locals: one round unrolled inside a loop. Locals from
 * `lanes`: a[25] (the state), b[25], c[5], d, all i64; `round` is an i32 local counting bytes into the
 * round-constant table.
 */
function roundsCode(round: number, lanes: number): number[] {
  const a = (x: number, y: number) => lanes + (x % 5) + 5 * (y % 5);
  const b = (x: number, y: number) => lanes + 25 + (x % 5) + 5 * (y % 5);
  const c = (x: number) => lanes + 50 + (x % 5);
  const d = lanes + 55;
  const code: number[] = [...i32Const(0), ...set(round), op.loop, op.void];
  // θ
  for (let x = 0; x < 5; x++) {
    code.push(...get(a(x, 0)));
    for (let y = 1; y < 5; y++) code.push(...get(a(x, y)), op.i64Xor);
    code.push(...set(c(x)));
  }
  for (let x = 0; x < 5; x++) {
    code.push(...get(c(x + 4)), ...get(c(x + 1)), ...i64Const(1n), op.i64Rotl, op.i64Xor, ...set(d));
    for (let y = 0; y < 5; y++) code.push(...get(a(x, y)), ...get(d), op.i64Xor, ...set(a(x, y)));
  }
  // ρ and π
  for (let x = 0; x < 5; x++) {
    for (let y = 0; y < 5; y++) {
      const rotation = rotationOffsets[x]![y]!;
      code.push(...get(a(x, y)));
      if (rotation !== 0) code.push(...i64Const(BigInt(rotation)), op.i64Rotl);
      code.push(...set(b(y, 2 * x + 3 * y)));
    }
  }
  // χ
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 5; x++) {
      code.push(...get(b(x + 1, y)), ...i64Const(-1n), op.i64Xor, ...get(b(x + 2, y)), op.i64And);
      code.push(...get(b(x, y)), op.i64Xor, ...set(a(x, y)));
    }
  }
  // ι, then the next round while round < 24
  code.push(...get(a(0, 0)), ...get(round), ...load64(roundConstantsOffset), op.i64Xor, ...set(a(0, 0)));
  code.push(...get(round), ...i32Const(8), op.i32Add, ...set(round));
  code.push(...get(round), ...i32Const(8 * 24), op.i32Ne, op.brIf, 0, op.end);
  return code;
}

/** `permute(statePointer)`: Keccak-f[1600] in place on 25 little-endian lanes in memory. */
function permuteFunction(): number[] {
  // Locals: 0 statePointer (param), 1 round (i32), then the 56 i64 locals of `roundsCode` from 2.
  const [pointer, round, lanes] = [0, 1, 2];
  const code: number[] = [];
  for (let lane = 0; lane < 25; lane++) code.push(...get(pointer), ...load64(8 * lane), ...set(lanes + lane));
  code.push(...roundsCode(round, lanes));
  for (let lane = 0; lane < 25; lane++)
    code.push(...get(pointer), ...get(lanes + lane), ...store64(8 * lane));
  return functionBody(
    [
      [1, op.i32],
      [56, op.i64],
    ],
    code,
  );
}

/**
 * `scoreBatch(input, output, count)`: for each 32-byte entry hash at `input`, writes the last 8 bytes of
 * keccak256(entryHash XOR blockHash) to `output` (8 bytes per entry). The 32-byte message fits one block:
 * lanes 0–3 hold it, lane 4 starts with the 0x01 pad byte and lane 16 ends with the 0x80 pad byte. The
 * state stays in locals; only lane 3 (bytes 24–31 of the digest) is written out.
 */
function scoreBatchFunction(): number[] {
  // Locals: params 0–2, 3 round (i32), 4–59 the i64 locals of `roundsCode`, 60–63 the block hash lanes.
  const [input, output, count, round, lanes, blockLanes] = [0, 1, 2, 3, 4, 60];
  const code: number[] = [];
  for (let lane = 0; lane < 4; lane++) {
    code.push(...i32Const(0), ...load64(blockHashOffset + 8 * lane), ...set(blockLanes + lane));
  }
  code.push(op.block, op.void, ...get(count), op.i32Eqz, op.brIf, 0, op.loop, op.void);
  for (let lane = 0; lane < 25; lane++) {
    if (lane < 4) code.push(...get(input), ...load64(8 * lane), ...get(blockLanes + lane), op.i64Xor);
    else if (lane === 4) code.push(...i64Const(0x01n));
    else if (lane === 16) code.push(...i64Const(0x80n << 56n));
    else code.push(...i64Const(0n));
    code.push(...set(lanes + lane));
  }
  code.push(...roundsCode(round, lanes));
  code.push(...get(output), ...get(lanes + 3), ...store64(0));
  code.push(...get(input), ...i32Const(32), op.i32Add, ...set(input));
  code.push(...get(output), ...i32Const(8), op.i32Add, ...set(output));
  code.push(...get(count), ...i32Const(1), op.i32Sub, ...set(count));
  code.push(...get(count), op.brIf, 0, op.end, op.end);
  return functionBody(
    [
      [1, op.i32],
      [60, op.i64],
    ],
    code,
  );
}

/** `absorb(message, blocks)`: XORs each already padded 136-byte block into the state and permutes. */
function absorbFunction(): number[] {
  const [message, blocks] = [0, 1];
  const code: number[] = [op.block, op.void, ...get(blocks), op.i32Eqz, op.brIf, 0, op.loop, op.void];
  for (let lane = 0; lane < rateBytes / 8; lane++) {
    code.push(...i32Const(0), ...i32Const(0), ...load64(stateOffset + 8 * lane));
    code.push(...get(message), ...load64(8 * lane), op.i64Xor, ...store64(stateOffset + 8 * lane));
  }
  code.push(...i32Const(stateOffset), op.call, 0);
  code.push(...get(message), ...i32Const(rateBytes), op.i32Add, ...set(message));
  code.push(...get(blocks), ...i32Const(1), op.i32Sub, ...set(blocks));
  code.push(...get(blocks), op.brIf, 0, op.end, op.end);
  return functionBody([], code);
}

/**
 * The tail shared by the batch hashers: the block is in the batch state; permute it (calling `permute`
 * rather than inlining the rounds keeps the module small), copy the 32-byte digest to `output`, advance
 * `output` by 32 and loop while `count`, decremented here, is not zero.
 */
function batchTail(output: number, count: number): number[] {
  const code: number[] = [...i32Const(batchStateOffset), op.call, 0];
  for (let lane = 0; lane < 4; lane++) {
    code.push(...get(output), ...i32Const(0), ...load64(batchStateOffset + 8 * lane), ...store64(8 * lane));
  }
  code.push(...get(output), ...i32Const(32), op.i32Add, ...set(output));
  code.push(...get(count), ...i32Const(1), op.i32Sub, ...set(count));
  code.push(...get(count), op.brIf, 0, op.end, op.end);
  return code;
}

/** Writes `value` (code leaving an i64 on the stack) as lane `lane` of the batch state. */
const storeBatchLane = (lane: number, value: number[]) => [
  ...i32Const(0),
  ...value,
  ...store64(batchStateOffset + 8 * lane),
];

/**
 * `hashEach(input, output, count, laneCount)`: keccak256 of each of `count` messages of `8 * laneCount`
 * bytes (laneCount ≤ 16, so each is one padded block) packed from `input`, 32 bytes each to `output`.
 * Lanes below laneCount come from the message, the others start at zero; then the 0x01 pad byte goes into
 * lane laneCount and the 0x80 pad byte ends lane 16. Lanes at or past laneCount are read and masked away,
 * so the 136 bytes after the last message must be readable.
 */
function hashEachFunction(): number[] {
  const [input, output, count, laneCount] = [0, 1, 2, 3];
  const code: number[] = [op.block, op.void, ...get(count), op.i32Eqz, op.brIf, 0, op.loop, op.void];
  for (let lane = 0; lane < 16; lane++) {
    const value = [...get(input), ...load64(8 * lane), ...i64Const(0n)];
    value.push(...get(laneCount), ...i32Const(lane), op.i32GtU, op.select);
    code.push(...storeBatchLane(lane, value));
  }
  code.push(...storeBatchLane(16, i64Const(0x80n << 56n)));
  for (let lane = 17; lane < 25; lane++) code.push(...storeBatchLane(lane, i64Const(0n)));
  const padLane = [...get(laneCount), ...i32Const(3), op.i32Shl];
  code.push(...padLane, ...padLane, ...load64(batchStateOffset), ...i64Const(0x01n), op.i64Xor);
  code.push(...store64(batchStateOffset));
  code.push(...get(input), ...padLane, op.i32Add, ...set(input));
  code.push(...batchTail(output, count));
  return functionBody([], code);
}

/**
 * `hashPairs(input, output, count)`: for each of `count` pairs of 32-byte nodes packed from `input`,
 * keccak256 of the smaller node (compared as big-endian numbers) followed by the larger one, 32 bytes
 * each to `output`: OpenZeppelin's commutative pair hash (`Hashes.commutativeKeccak256`).
 */
function hashPairsFunction(): number[] {
  // Locals: params 0–2, then the byte index and the first differing bytes, then the two node pointers.
  const [input, output, count, index, left, right, first, second] = [0, 1, 2, 3, 4, 5, 6, 7];
  const code: number[] = [op.block, op.void, ...get(count), op.i32Eqz, op.brIf, 0, op.loop, op.void];
  // Find the first byte where the nodes differ; equal nodes end with left == right, in either order.
  code.push(...i32Const(0), ...set(index), op.block, op.void, op.loop, op.void);
  code.push(...get(input), ...get(index), op.i32Add, ...loadByte(0), ...set(left));
  code.push(...get(input), ...get(index), op.i32Add, ...loadByte(32), ...set(right));
  code.push(...get(left), ...get(right), op.i32Ne, op.brIf, 1);
  code.push(...get(index), ...i32Const(1), op.i32Add, op.localTee, index, ...i32Const(32), op.i32Ne);
  code.push(op.brIf, 0, op.end, op.end);
  const swapped = [...get(left), ...get(right), op.i32GtU];
  code.push(...get(input), ...i32Const(32), op.i32Add, ...get(input), ...swapped, op.select, ...set(first));
  code.push(...get(input), ...get(input), ...i32Const(32), op.i32Add, ...swapped, op.select, ...set(second));
  for (let lane = 0; lane < 25; lane++) {
    let value: number[];
    if (lane < 4) value = [...get(first), ...load64(8 * lane)];
    else if (lane < 8) value = [...get(second), ...load64(8 * (lane - 4))];
    else if (lane === 8) value = i64Const(0x01n);
    else if (lane === 16) value = i64Const(0x80n << 56n);
    else value = i64Const(0n);
    code.push(...storeBatchLane(lane, value));
  }
  code.push(...get(input), ...i32Const(64), op.i32Add, ...set(input));
  code.push(...batchTail(output, count));
  return functionBody([[5, op.i32]], code);
}

function assembleModule(): Uint8Array {
  const functionType = (params: number) => [
    0x60,
    ...vector(Array.from({ length: params }, () => [op.i32])),
    0,
  ];
  const exportEntry = (name: string, kind: number, index: number) => [
    ...vector([...name].map((char) => [char.charCodeAt(0)])),
    kind,
    index,
  ];
  const constants = new Uint8Array(8 * roundConstants.length);
  const view = new DataView(constants.buffer);
  roundConstants.forEach((constant, index) => {
    view.setBigUint64(8 * index, constant, true);
  });
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector([functionType(1), functionType(3), functionType(2), functionType(4)])),
    ...section(3, vector([[0], [1], [2], [3], [1]])),
    ...section(5, vector([[0x00, 1]])),
    ...section(
      7,
      vector([
        exportEntry("memory", 2, 0),
        exportEntry("scoreBatch", 0, 1),
        exportEntry("absorb", 0, 2),
        exportEntry("hashEach", 0, 3),
        exportEntry("hashPairs", 0, 4),
      ]),
    ),
    ...section(
      10,
      vector([
        permuteFunction(),
        scoreBatchFunction(),
        absorbFunction(),
        hashEachFunction(),
        hashPairsFunction(),
      ]),
    ),
    ...section(
      11,
      vector([
        [0x00, ...i32Const(roundConstantsOffset), op.end, ...vector([...constants].map((byte) => [byte]))],
      ]),
    ),
  ]);
}

// Minimal WebAssembly typings: the repository compiles without the DOM lib, and @types/node 20 lacks them.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

interface KeccakExports {
  memory: WasmMemory;
  scoreBatch(input: number, output: number, count: number): void;
  absorb(message: number, blocks: number): void;
  hashEach(input: number, output: number, count: number, laneCount: number): void;
  hashPairs(input: number, output: number, count: number): void;
}

/** The compiled module with helpers over its memory. One instance per realm; all calls are synchronous. */
export class KeccakWasm {
  private bytes: Uint8Array;

  constructor(private readonly exports: KeccakExports) {
    this.bytes = new Uint8Array(exports.memory.buffer);
  }

  /**
   * The module memory, at least `workAreaOffset + size` bytes long. Views are invalid after the next call.
   * Only this class grows the memory, so the cached view is checked by length (reading `memory.buffer` on
   * every call would cost more than a short hash).
   */
  memory(size: number): Uint8Array {
    const needed = workAreaOffset + size;
    if (this.bytes.length < needed) {
      const pageSize = 65_536;
      this.exports.memory.grow(Math.ceil((needed - this.bytes.length) / pageSize));
      this.bytes = new Uint8Array(this.exports.memory.buffer);
    }
    return this.bytes;
  }

  /**
   * Scores `count` entry hashes already written at `workAreaOffset` against `blockHash`; the 8-byte
   * big-endian scores land right after them, at `workAreaOffset + 32 * count`.
   */
  scoreBatch(blockHash: Uint8Array, count: number): number {
    const outputOffset = workAreaOffset + 32 * count;
    const memory = this.memory(40 * count);
    memory.set(blockHash, blockHashOffset);
    this.exports.scoreBatch(workAreaOffset, outputOffset, count);
    return outputOffset;
  }

  /**
   * Hashes the `length` bytes written at `workAreaOffset` (the caller reserved `paddedLength(length)`
   * bytes with `memory()`) and returns the offset of the 32-byte digest in `memory()`, valid until the
   * next call.
   */
  hashWorkArea(length: number): number {
    const padded = paddedLength(length);
    const memory = this.memory(padded);
    const end = workAreaOffset + padded;
    for (let index = workAreaOffset + length; index < end; index++) memory[index] = 0;
    memory[workAreaOffset + length]! ^= 0x01;
    memory[end - 1]! ^= 0x80;
    for (let index = stateOffset; index < stateOffset + 200; index++) memory[index] = 0;
    this.exports.absorb(workAreaOffset, padded / rateBytes);
    return stateOffset;
  }

  /** keccak256 of any bytes, as a new array. */
  hash(message: Uint8Array): Uint8Array {
    this.memory(paddedLength(message.length)).set(message, workAreaOffset);
    const digest = this.hashWorkArea(message.length);
    return this.bytes.slice(digest, digest + 32);
  }

  /**
   * keccak256 of each `messageLength`-byte message packed in `messages` (see {@link keccakEach}), 32 bytes
   * each into `digests` from `digestOffset`. Works through the memory a chunk at a time, so `digests` may
   * overlap `messages` only where each digest goes at or before its own message.
   */
  hashEach(messages: Uint8Array, messageLength: number, digests: Uint8Array, digestOffset: number): void {
    const count = messages.length / messageLength;
    const outputOffset = workAreaOffset + messageLength * batchMessages + rateBytes;
    const memory = this.memory(outputOffset - workAreaOffset + 32 * batchMessages);
    for (let start = 0; start < count; start += batchMessages) {
      const size = Math.min(batchMessages, count - start);
      memory.set(messages.subarray(messageLength * start, messageLength * (start + size)), workAreaOffset);
      this.exports.hashEach(workAreaOffset, outputOffset, size, messageLength / 8);
      digests.set(memory.subarray(outputOffset, outputOffset + 32 * size), digestOffset + 32 * start);
    }
  }

  /** OpenZeppelin's commutative pair hash of each 64-byte pair in `pairs` (see {@link keccakSortedPairs}). */
  hashSortedPairs(pairs: Uint8Array, digests: Uint8Array, digestOffset: number): void {
    const count = pairs.length / 64;
    const outputOffset = workAreaOffset + 64 * batchMessages;
    const memory = this.memory(96 * batchMessages);
    for (let start = 0; start < count; start += batchMessages) {
      const size = Math.min(batchMessages, count - start);
      memory.set(pairs.subarray(64 * start, 64 * (start + size)), workAreaOffset);
      this.exports.hashPairs(workAreaOffset, outputOffset, size);
      digests.set(memory.subarray(outputOffset, outputOffset + 32 * size), digestOffset + 32 * start);
    }
  }
}

/** Messages per call of the batch hashers: a few MB of memory, and the per-call cost is negligible. */
const batchMessages = 16_384;

/** Length of a message after Keccak padding: the next multiple of the 136-byte rate, at least one byte more. */
export function paddedLength(length: number): number {
  return (Math.floor(length / rateBytes) + 1) * rateBytes;
}

let cached: KeccakWasm | null | undefined;

/** The shared instance, or undefined where WebAssembly is unavailable or forbidden. */
export function loadKeccakWasm(): KeccakWasm | undefined {
  if (cached === undefined) {
    try {
      const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
      if (!wasm) throw new Error("WebAssembly is not available");
      const instance = new wasm.Instance(new wasm.Module(assembleModule()), {});
      cached = new KeccakWasm(instance.exports as unknown as KeccakExports);
    } catch {
      cached = null;
    }
  }
  return cached ?? undefined;
}

/** Test hook: force the viem fallback (`false`) or go back to WebAssembly when available (`true`). */
export function setKeccakWasmEnabled(enabled: boolean): void {
  cached = enabled ? undefined : null;
}

export const keccakWasmModuleSize = (): number => assembleModule().length;
