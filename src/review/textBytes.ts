// Bytes of text in UTF-8, counted without encoding it and without Node's Buffer, so the review code
// runs in a webview or a worker too. A lone surrogate counts 3 bytes (it is written as U+FFFD), as
// shared/limits.ts's utf8Length counts it. Pure: no `vscode`.
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      bytes += 1;
    } else if (unit < 0x800) {
      bytes += 2;
    } else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else {
      bytes += 3;
    }
  }
  return bytes;
}
