import type { ReactNode } from "react";
import classes from "./simulator.module.css";

export type ChartFrame = {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
};

/** The horizontal grid lines of a chart with their value labels on the left. */
export function ChartValueAxis({
  frame: { width, margin },
  ticks,
  y,
  format,
}: {
  frame: ChartFrame;
  ticks: readonly number[];
  y: (value: number) => number;
  format: (value: number) => ReactNode;
}) {
  return ticks.map((tick) => (
    <g key={tick}>
      <line
        className={classes.chartGrid}
        x1={margin.left}
        x2={width - margin.right}
        y1={y(tick)}
        y2={y(tick)}
      />
      <text className={classes.chartLabel} x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
        {format(tick)}
      </text>
    </g>
  ));
}

/** The bottom axis of a chart: its title under the plot and the base line. */
export function ChartBaseAxis({
  frame: { width, height, margin },
  title,
}: {
  frame: ChartFrame;
  title: string;
}) {
  const plotBottom = height - margin.bottom;
  return (
    <>
      <text
        className={classes.chartLabel}
        x={(margin.left + width - margin.right) / 2}
        y={height - 2}
        textAnchor="middle"
      >
        {title}
      </text>
      <line
        className={classes.chartGrid}
        x1={margin.left}
        x2={width - margin.right}
        y1={plotBottom}
        y2={plotBottom}
      />
    </>
  );
}
