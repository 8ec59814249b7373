import { area, line } from 'd3-shape';

/** The drawn part of a curve: a line over a filled area, scaled to the series (a flat one sits mid-height). */
export default function CurvePaths({ points, width, height }: { points: number[]; width: number; height: number }) {
  const lo = Math.min(...points);
  const hi = Math.max(...points);
  const [bottom, top] = lo === hi ? [lo - 1, hi + 1] : [lo, hi];
  const x = (_: number, i: number) => (i * width) / (points.length - 1);
  const y = (v: number) => height - 2 - ((v - bottom) / (top - bottom)) * (height - 4);
  return (
    <>
      <path d={area<number>().x(x).y0(height).y1(y)(points) ?? ''} className="area" />
      <path d={line<number>().x(x).y(y)(points) ?? ''} className="stroke" />
    </>
  );
}
