/** A round top for a chart's axis: 1, 2 or 5 times a power of ten, at least `value` (and at least 1). */
export function niceMax(value: number): number {
  const top = Math.max(value, 1);
  const power = 10 ** Math.floor(Math.log10(top));
  return ([1, 2, 5, 10].find((factor) => factor * power >= top) ?? 10) * power;
}
