declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface ImageHandle {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Decode {
    (input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>;
    all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<ImageHandle[]>;
  }
  const decode: Decode;
  export default decode;
}
