/**
 * heic-decode 2 (libheif compiled to WebAssembly), as Torque uses it. Its published types leave out what `all` gives
 * before any pixels are decoded (each image's size) and how its memory is let go of (`dispose`).
 */
declare module 'heic-decode' {
  type Pixels = { width: number; height: number; data: Uint8ClampedArray };
  type Images = { width: number; height: number; decode: () => Promise<Pixels> }[] & { dispose: () => void };
  function decode(input: { buffer: Uint8Array }): Promise<Pixels>;
  namespace decode {
    function all(input: { buffer: Uint8Array }): Promise<Images>;
  }
  export = decode;
}
