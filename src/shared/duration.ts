// A wait or a time left, in words a person reads at a glance: "45 s", "3 min", "1 h 5 min".
// Capped: past a day it is "more than a day". Never an exponent, never a negative. Pure: no `vscode`.

const DAY_SECONDS = 24 * 60 * 60;

export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds > DAY_SECONDS) {
    return 'more than a day';
  }
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) {
    return `${whole} s`;
  }
  const minutes = Math.round(whole / 60);
  if (minutes < 60) {
    return `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
