// Turns PNG frames of the workbench into a small animated GIF: one palette for all frames, and
// each frame after the first stores only the pixels that changed (the others are transparent and
// show the frame below), so a few seconds of typing into the workbench stay small.
import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { PNG } from 'pngjs';

export interface Frame {
  readonly png: Buffer;
  /** How long it shows, in milliseconds. */
  readonly delayMs: number;
}

/** 255 colours for the pictures; index 255 is the "unchanged" (transparent) one. */
const COLOURS = 255;
const UNCHANGED = 255;

export function animatedGif(frames: readonly Frame[]): Buffer {
  const decoded = frames.map((frame) => ({ image: PNG.sync.read(frame.png), delayMs: frame.delayMs }));
  const first = decoded[0]?.image;
  if (first === undefined) {
    throw new Error('An animated GIF needs at least one frame.');
  }
  const { width, height } = first;
  // The palette from a sample of every frame: the quick input and the generated text appear later.
  const sample = new Uint8Array(decoded.length * 4 * 4096);
  decoded.forEach(({ image }, frameIndex) => {
    for (let i = 0; i < 4096; i++) {
      const pixel = Math.floor((i / 4096) * width * height) * 4;
      sample.set(image.data.subarray(pixel, pixel + 4), (frameIndex * 4096 + i) * 4);
    }
  });
  const palette = [...quantize(sample, COLOURS), [255, 0, 255]].slice(0, 256);
  while (palette.length < 256) palette.splice(palette.length - 1, 0, [0, 0, 0]);
  const gif = GIFEncoder();
  let previous: Buffer | undefined;
  for (const { image, delayMs } of decoded) {
    if (image.width !== width || image.height !== height) {
      throw new Error(`Every frame must be ${width}×${height}; one is ${image.width}×${image.height}.`);
    }
    const indices = applyPalette(image.data, palette.slice(0, COLOURS));
    if (previous !== undefined) {
      for (let pixel = 0; pixel < width * height; pixel++) {
        const at = pixel * 4;
        if (image.data[at] === previous[at] && image.data[at + 1] === previous[at + 1] && image.data[at + 2] === previous[at + 2]) {
          indices[pixel] = UNCHANGED;
        }
      }
    }
    gif.writeFrame(indices, width, height, { palette, delay: delayMs, transparent: previous !== undefined, transparentIndex: UNCHANGED, dispose: 1 });
    previous = image.data;
  }
  gif.finish();
  return Buffer.from(gif.bytes());
}
