// Stops what a run started, newest first, exactly once, whether the run ends normally, fails,
// times out or is interrupted.

export class Cleanup {
  private readonly steps: Array<{ what: string; stop: () => Promise<void> }> = [];
  private done: Promise<void> | undefined;

  constructor(private readonly log: (line: string) => void) {}

  add(what: string, stop: () => Promise<void>): void {
    this.steps.push({ what, stop });
  }

  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.stop();
        } catch (error) {
          this.log(`could not stop ${step.what}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return this.done;
  }
}
