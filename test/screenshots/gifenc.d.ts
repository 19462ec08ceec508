// Types for gifenc (mattdesl/gifenc), which ships none: the parts the screenshots script uses.
declare module 'gifenc' {
  export type Palette = number[][];
  export interface FrameOptions {
    readonly palette?: Palette;
    /** Milliseconds (stored in hundredths). */
    readonly delay?: number;
    readonly transparent?: boolean;
    readonly transparentIndex?: number;
    /** GIF disposal method: 1 keeps the frame under the next one. */
    readonly dispose?: number;
    readonly repeat?: number;
  }
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(options?: { readonly initialCapacity?: number; readonly auto?: boolean }): Encoder;
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { readonly format?: 'rgb565' | 'rgb444' | 'rgba4444' }): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: 'rgb565' | 'rgb444' | 'rgba4444'): Uint8Array;
}
