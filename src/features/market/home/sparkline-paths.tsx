import { area, line } from 'd3-shape';

/** The drawn part of a sparkline, loaded with the first series so d3 stays out of the first paint. */
export default function SparklinePaths({ closes, width, height }: { closes: number[]; width: number; height: number }) {
  const lo = Math.min(...closes);
  const hi = Math.max(...closes);
  // A flat series is drawn across the middle.
  const [bottom, top] = lo === hi ? [lo - 1, hi + 1] : [lo, hi];
  const x = (_: number, i: number) => (i * width) / (closes.length - 1);
  const y = (v: number) => height - 2 - ((v - bottom) / (top - bottom)) * (height - 4);
  return (
    <>
      <path d={area<number>().x(x).y0(height).y1(y)(closes) ?? ''} className="area" />
      <path d={line<number>().x(x).y(y)(closes) ?? ''} className="stroke" />
    </>
  );
}
