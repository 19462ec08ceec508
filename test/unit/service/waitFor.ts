// Waits for a condition by polling; no deadline of its own, so mocha's test timeout bounds it.
export async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
