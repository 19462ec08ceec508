// Bradley–Terry strengths from pairwise outcomes: P(i beats j) = σ(θᵢ − θⱼ), fitted by maximum
// likelihood as Chatbot Arena's logistic formulation does (Chiang et al., arXiv 2403.04132, §5; their
// rating_systems.py), with a tie (and "both bad") counted as half a win for each side, which is
// what that likelihood with outcome ½ amounts to. Solved by Newton–Raphson on the K × K table of
// counts (K is the number of variants, small), which converges in a few steps where Hunter's MM
// algorithm (Annals of Statistics 32 (2004) 384–406) takes hundreds.
//
// The maximum likelihood estimate exists only when, for every split of the variants in two groups,
// some variant of each group beat or tied one of the other (Ford 1957; Hunter's Assumption 1): a
// variant that won every comparison has no finite strength. A weak normal prior on θ (precision
// RIDGE, a standard deviation of 100 on the log-odds scale) keeps every fit finite; it moves no
// estimate the data support by more than about 1e-4 (less with more comparisons), and `connected` says whether the data alone
// determine the strengths. Pure: no `vscode`.

/** Precision of the prior on each θ: negligible against any count of comparisons, enough to keep θ finite. */
export const RIDGE = 1e-4;
const MAX_ITERATIONS = 200;
const TOLERANCE = 1e-10;

/** How often each variant beat each other: `wins[i * size + j]`, a tie adding ½ to both directions. */
export interface PairwiseWins {
  readonly size: number;
  readonly wins: Float64Array;
}

export interface BradleyTerryFit {
  /** Log-strengths, centred on 0: P(i beats j) = 1 / (1 + e^(θⱼ − θᵢ)). */
  readonly theta: Float64Array;
  /** Whether the data alone determine every strength (Hunter's Assumption 1 holds). */
  readonly connected: boolean;
  readonly iterations: number;
}

export function emptyWins(size: number): PairwiseWins {
  return { size, wins: new Float64Array(size * size) };
}

/** log σ(x), without overflow at either end. */
function logSigmoid(x: number): number {
  return x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x));
}

function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

function objective(table: PairwiseWins, theta: Float64Array, ridge: number): number {
  const k = table.size;
  let value = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = table.wins[i * k + j] as number;
      if (w > 0) {
        value += w * logSigmoid((theta[i] as number) - (theta[j] as number));
      }
    }
    value -= 0.5 * ridge * (theta[i] as number) ** 2;
  }
  return value;
}

/** Solves A·x = b for a symmetric positive definite A (row-major, k × k) by Cholesky; A is overwritten. */
function solvePositiveDefinite(a: Float64Array, b: Float64Array, k: number): Float64Array {
  for (let j = 0; j < k; j++) {
    let diagonal = a[j * k + j] as number;
    for (let p = 0; p < j; p++) {
      diagonal -= (a[j * k + p] as number) ** 2;
    }
    const root = Math.sqrt(Math.max(diagonal, Number.MIN_VALUE));
    a[j * k + j] = root;
    for (let i = j + 1; i < k; i++) {
      let value = a[i * k + j] as number;
      for (let p = 0; p < j; p++) {
        value -= (a[i * k + p] as number) * (a[j * k + p] as number);
      }
      a[i * k + j] = value / root;
    }
  }
  const x = Float64Array.from(b);
  for (let i = 0; i < k; i++) {
    let value = x[i] as number;
    for (let p = 0; p < i; p++) {
      value -= (a[i * k + p] as number) * (x[p] as number);
    }
    x[i] = value / (a[i * k + i] as number);
  }
  for (let i = k - 1; i >= 0; i--) {
    let value = x[i] as number;
    for (let p = i + 1; p < k; p++) {
      value -= (a[p * k + i] as number) * (x[p] as number);
    }
    x[i] = value / (a[i * k + i] as number);
  }
  return x;
}

/** Whether every variant reaches every other along "beat or tied" edges, both ways. */
export function isConnected(table: PairwiseWins): boolean {
  const k = table.size;
  if (k <= 1) {
    return true;
  }
  const reaches = (forward: boolean): boolean => {
    const seen = new Uint8Array(k);
    const stack = [0];
    seen[0] = 1;
    let count = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      for (let j = 0; j < k; j++) {
        const w = forward ? table.wins[i * k + j] : table.wins[j * k + i];
        if (seen[j] === 0 && (w as number) > 0) {
          seen[j] = 1;
          count += 1;
          stack.push(j);
        }
      }
    }
    return count === k;
  };
  return reaches(true) && reaches(false);
}

/** The (prior-weighted) maximum likelihood strengths; `start` (e.g. the full data's fit) speeds a bootstrap refit. */
export function fitBradleyTerry(table: PairwiseWins, options: { readonly ridge?: number; readonly start?: Float64Array } = {}): BradleyTerryFit {
  const k = table.size;
  const ridge = options.ridge ?? RIDGE;
  if (!(ridge >= 0)) {
    throw new RangeError(`The prior's precision is ≥ 0, not ${ridge}.`);
  }
  const theta = options.start !== undefined && options.start.length === k ? Float64Array.from(options.start) : new Float64Array(k);
  const gradient = new Float64Array(k);
  const information = new Float64Array(k * k);
  let current = objective(table, theta, ridge);
  let iterations = 0;
  for (; iterations < MAX_ITERATIONS; iterations++) {
    gradient.fill(0);
    information.fill(0);
    // θ and θ + c·1 fit the data equally; 1·1ᵀ/k in the information fixes that direction (the
    // gradient has no part along it without a prior), so a fit without prior is well posed too.
    for (let i = 0; i < k; i++) {
      gradient[i] = -ridge * (theta[i] as number);
      for (let j = 0; j < k; j++) {
        information[i * k + j] = (i === j ? ridge : 0) + 1 / k;
      }
    }
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const wij = table.wins[i * k + j] as number;
        const wji = table.wins[j * k + i] as number;
        const n = wij + wji;
        if (n === 0) {
          continue;
        }
        const p = sigmoid((theta[i] as number) - (theta[j] as number));
        const residual = wij - n * p;
        gradient[i] = (gradient[i] as number) + residual;
        gradient[j] = (gradient[j] as number) - residual;
        const weight = n * p * (1 - p);
        information[i * k + i] = (information[i * k + i] as number) + weight;
        information[j * k + j] = (information[j * k + j] as number) + weight;
        information[i * k + j] = (information[i * k + j] as number) - weight;
        information[j * k + i] = (information[j * k + i] as number) - weight;
      }
    }
    const step = solvePositiveDefinite(information, gradient, k);
    // Newton's step, halved until the objective does not fall (it is concave, so this ends).
    let scale = 1;
    const candidate = new Float64Array(k);
    let value = current;
    for (let halvings = 0; halvings < 40; halvings++) {
      for (let i = 0; i < k; i++) {
        candidate[i] = (theta[i] as number) + scale * (step[i] as number);
      }
      value = objective(table, candidate, ridge);
      if (value >= current - 1e-12 * Math.abs(current)) {
        break;
      }
      scale /= 2;
    }
    let largest = 0;
    for (let i = 0; i < k; i++) {
      largest = Math.max(largest, Math.abs(scale * (step[i] as number)));
    }
    theta.set(candidate);
    current = value;
    if (largest < TOLERANCE) {
      iterations += 1;
      break;
    }
  }
  // The prior centres θ already; centring again removes rounding drift.
  let mean = 0;
  for (let i = 0; i < k; i++) {
    mean += (theta[i] as number) / k;
  }
  for (let i = 0; i < k; i++) {
    theta[i] = (theta[i] as number) - mean;
  }
  return { theta, connected: isConnected(table), iterations };
}
