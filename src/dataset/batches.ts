// Readers work a chunk of the file at a time and hand on what it held as one batch: each hop
// through an async generator costs a few microseconds, which a run of thousands of rows a
// second notices (the lab's bench). The one-at-a-time forms flatten the batches. Pure: no `vscode`.

export async function* flatten<T>(batches: AsyncIterable<readonly T[]>): AsyncGenerator<T> {
  for await (const batch of batches) {
    yield* batch;
  }
}
