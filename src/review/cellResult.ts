// The plain per-cell records the verdicts are computed from. The results reader (src/runs/) and the
// checks (src/expectations/) fill them; nothing here reads a results file. Pure: no `vscode`.

/** One finished call: a data row × a variant × a sample, with its check outcome when the run has checks. */
export interface CellResult {
  /** The data row's number, as the results file numbers it. */
  readonly row: number;
  /** The sample's number within its row and variant. */
  readonly sample: number;
  readonly variant: string;
  /** The service's call id; empty when the call failed before the service gave one. */
  readonly callId: string;
  /** The content's length in characters; absent for a failed call. */
  readonly contentLength?: number;
  /** Equal strings mean equal contents (a hash of the content, or the content): identical samples, identical pairs. */
  readonly contentDigest?: string;
  readonly latencyMs?: number;
  /** The failure's kind when the call failed; absent when it succeeded. */
  readonly error?: string;
  /** Whether every check of the cell passed; absent when the run has no checks (or the call failed). */
  readonly passed?: boolean;
}

/** A call that gave content: the only cells that can be reviewed, measured or checked. */
export function succeeded(cell: CellResult): boolean {
  return cell.error === undefined;
}
