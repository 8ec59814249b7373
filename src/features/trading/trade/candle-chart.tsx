import { useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Candle } from '../../../../contract/market';
import { useIntl } from 'react-intl';
import { timeLabelIn } from './time-label';
import { priceFormat } from '../../../shared/i18n/number-formats';
import { LAST_TAG } from './candle-frame';
import { createScene } from './chart-scene';
import { placeLevels, type OrderLevel } from './levels';
import { ARROW, gutterWidth, layoutLevelTags, textX, type LevelTag } from './level-tags';
import { candleAt, clamp, createViewport, keyStep, MAX_WIDTH, MIN_WIDTH, type Viewport } from './viewport';

const HEIGHT = 300;
const AXIS = 56;
const TIME_ROW = 18;

interface Props {
  /** What a screen reader hears for the canvas: the product's price chart. */
  label: string;
  history: Candle[];
  live: Candle | undefined;
  precision: number;
  stale: boolean;
  /** Panned to the oldest candle loaded: fetch older ones. */
  onNeedOlder: () => void;
  /** Lines at the entry, SL and TP of the trader's positions. */
  levels?: readonly OrderLevel[];
  /** Translated names of the lines: in full, and as short as the price tag shows it ('' for none). */
  levelNames?: (level: OrderLevel) => { name: string; short: string };
}

/**
 * Candlesticks in New York time: pinch to zoom, drag to pan, tap for the crosshair, a last-price
 * line. Draws only the visible window; vertical swipes scroll the page (touch-action: pan-y). The
 * grid, price axis, candles, time axis and last price are painted on a canvas (a pan frame or a
 * tick changes nothing else), under an SVG layer with the levels and the crosshair.
 */
const KIND_NAMES = (l: OrderLevel) => ({ name: l.kind, short: l.kind });
const NO_LEVELS: readonly OrderLevel[] = [];

export default function CandleChart({ label, history, live, precision, stale, onNeedOlder, levels = NO_LEVELS, levelNames = KIND_NAMES }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useWidth(box);
  const viewport = useMemo(() => createViewport(), []);
  const scene = useMemo(() => createScene(viewport), [viewport]);
  const overlay = useSyncExternalStore(scene.subscribe, scene.overlay);
  const total = history.length + (live ? 1 : 0);
  const intl = useIntl();
  // Thousands separators on the axis too (BTC at 67,000.00), in the reader's locale.
  const prices = priceFormat(intl.locale, precision);
  const fmt = prices.format;
  const timeLabel = timeLabelIn(intl.locale);
  // The levels' words change with the levels, not with each tick or pan frame: made once for them.
  const labels = useMemo(() => new Map(levels.map((l) => {
    const { name, short } = levelNames(l);
    const price = prices.format(l.price);
    return [l.key, { tag: [short, price].filter(Boolean).join(' '), title: `${name} ${price}` }];
  })), [levels, levelNames, prices]);
  const gutter = useMemo(() => gutterWidth(width, AXIS, [...labels.values()].map((l) => l.tag)), [width, labels]);
  const plotWidth = Math.max(0, width - gutter);
  const gestures = useGestures(viewport, total, plotWidth);

  const y = overlay?.y;
  const [bottom, top] = y ? (y.domain() as [number, number]) : [0, 1];
  const tags = useMemo(() => y ? layoutLevelTags(placeLevels(levels, bottom, top), {
    plotWidth, gutter: width - plotWidth, top: 0, bottom: HEIGHT - TIME_ROW, y, text: (l) => labels.get(l.key)!.tag,
    lastPrice: live && { y: y(live.Close), height: LAST_TAG },
  }) : [], [y, levels, bottom, top, plotWidth, width, labels, live]);
  const covered = useMemo(() => tags.map(({ box }) => ({ top: box.y, bottom: box.y + box.height })), [tags]);

  // The scene repaints the canvas in the next frame after any change of the props.
  useLayoutEffect(() => {
    scene.update({ history, live, width, plotWidth, height: HEIGHT, plotBottom: HEIGHT - TIME_ROW, timeLabel, priceLabel: fmt, onNeedOlder, covered }, canvas.current);
  }, [scene, history, live, width, plotWidth, fmt, timeLabel, onNeedOlder, covered]);
  const cursor = overlay?.cursor;
  const shown = y && total > 0;

  return (
    <div ref={box} className={`chart${stale ? ' stale' : ''}`} data-testid="chart" data-candles={total} data-plot-width={plotWidth}>
      <canvas ref={canvas} className="candles" style={{ width, height: HEIGHT }} role="img" aria-label={label} />
      {shown && (
        <svg width={width} height={HEIGHT} {...gestures} style={{ touchAction: 'pan-y', userSelect: 'none' }}
          tabIndex={0} role="application" aria-label={intl.formatMessage({ id: 'chart.keys' })}>
          {tags.map((tag) => <LevelMark key={tag.key} tag={tag} plotWidth={plotWidth} name={labels.get(tag.key)!.title} />)}
          {cursor && (
            <g className="crosshair" data-testid="crosshair">
              <line x1={cursor.x} x2={cursor.x} y1={0} y2={HEIGHT - TIME_ROW} />
              <text x={6} y={14}>{`${timeLabel(cursor.candle)}  O ${fmt(cursor.candle.Open)}  H ${fmt(cursor.candle.High)}  L ${fmt(cursor.candle.Low)}  C ${fmt(cursor.candle.Close)}`}</text>
            </g>
          )}
        </svg>
      )}
      {/* The crosshair's prices, said when a key (or a tap) moves it. */}
      <p className="visually-hidden" aria-live="polite">{cursor ? `${timeLabel(cursor.candle)}: O ${fmt(cursor.candle.Open)}, H ${fmt(cursor.candle.High)}, L ${fmt(cursor.candle.Low)}, C ${fmt(cursor.candle.Close)}` : ''}</p>
    </div>
  );
}

/**
 * A level of a position: a dashed line across the candles when within their range, and its tag in
 * the price gutter (an arrow pointing the way when beyond it), so no label covers a candle.
 */
function LevelMark({ tag, plotWidth, name }: { tag: LevelTag; plotWidth: number; name: string }) {
  const { box } = tag;
  const middle = box.y + box.height / 2;
  const arrowX = box.x + 3;
  return (
    <g className={`level ${tag.kind}${tag.edge ? ' off-range' : ''}`} data-level={tag.kind} data-edge={tag.edge}>
      <title>{name}</title>
      {tag.lineY !== undefined && <line x1={0} x2={plotWidth} y1={tag.lineY} y2={tag.lineY} />}
      <rect className="level-tag" x={box.x} y={box.y} width={box.width} height={box.height} rx={3} />
      {tag.edge && (
        <path d={tag.edge === 'above' ? `M${arrowX} ${middle + 3} l${ARROW / 2 - 1} -6 l${ARROW / 2 - 1} 6 z` : `M${arrowX} ${middle - 3} l${ARROW / 2 - 1} 6 l${ARROW / 2 - 1} -6 z`} />
      )}
      <text x={textX(tag)} y={middle + 3.5}>{tag.text}</text>
    </g>
  );
}

function useWidth(ref: React.RefObject<HTMLDivElement | null>) {
  const store = useMemo(() => {
    let width = 360;
    return {
      get: () => width,
      subscribe(listener: () => void) {
        const el = ref.current;
        if (!el) return () => {};
        const observer = new ResizeObserver(([entry]) => {
          width = Math.round(entry!.contentRect.width);
          listener();
        });
        observer.observe(el);
        return () => observer.disconnect();
      },
    };
  }, [ref]);
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Drag pans, two fingers zoom, a tap places the crosshair (another tap hides it); keys do the same (`keyStep`). */
function useGestures(viewport: Viewport, total: number, plotWidth: number) {
  const pointers = useRef(new Map<number, { x: number; startX: number; startAt: number }>());
  const pinch = useRef<{ distance: number; width: number } | undefined>(undefined);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.abs(a.x - b.x) : 0;
  };
  return {
    onPointerDown(e: React.PointerEvent<SVGSVGElement>) {
      e.currentTarget.setPointerCapture(e.pointerId);
      pointers.current.set(e.pointerId, { x: e.clientX, startX: e.clientX, startAt: e.timeStamp });
      if (pointers.current.size === 2) pinch.current = { distance: distance(), width: viewport.get().candleWidth };
    },
    onPointerMove(e: React.PointerEvent<SVGSVGElement>) {
      const p = pointers.current.get(e.pointerId);
      if (!p) return;
      const dx = e.clientX - p.x;
      p.x = e.clientX;
      const view = viewport.get();
      if (pinch.current && pointers.current.size === 2) {
        const ratio = distance() / (pinch.current.distance || 1);
        viewport.set({ candleWidth: clamp(pinch.current.width * ratio, MIN_WIDTH, MAX_WIDTH) });
      } else if (pointers.current.size === 1) {
        viewport.set({ offset: clamp(view.offset + dx / view.candleWidth, 0, Math.max(0, total - 10)) });
      }
    },
    onPointerUp(e: React.PointerEvent<SVGSVGElement>) {
      const p = pointers.current.get(e.pointerId);
      pointers.current.delete(e.pointerId);
      if (pointers.current.size < 2) pinch.current = undefined;
      if (!p || Math.abs(e.clientX - p.startX) > 8 || e.timeStamp - p.startAt > 400) return;
      const view = viewport.get();
      const index = candleAt(total, plotWidth, view, e.clientX - e.currentTarget.getBoundingClientRect().left);
      viewport.set({ cursor: view.cursor === undefined && index >= 0 && index < total ? index : undefined });
    },
    onPointerCancel(e: React.PointerEvent<SVGSVGElement>) {
      pointers.current.delete(e.pointerId);
      pinch.current = undefined;
    },
    onKeyDown(e: React.KeyboardEvent<SVGSVGElement>) {
      const next = keyStep(viewport.get(), e.key, total, plotWidth);
      if (!next) return;
      e.preventDefault();
      viewport.set(next);
    },
  };
}
