import { Group, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { axisTicks, linearScale, niceCeiling } from "../model/chart-scale";
import { type RankBin, rankHistogram } from "../model/chart-series";
import { ChartBaseAxis, ChartValueAxis } from "./chart-axes";
import classes from "./simulator.module.css";

const height = 220;
const margin = { top: 12, right: 12, bottom: 34, left: 36 };
// Below this many pixels per bar, only every other bar is labelled so the labels do not run together.
const minLabelSlot = 36;
const expectedColor = "var(--mantine-color-orange-6)";
const binColors: Record<RankBin["winning"], string> = {
  all: "var(--mantine-color-jade-6)",
  some: "var(--mantine-color-jade-6)",
  none: "var(--mantine-color-gray-5)",
};

export type RankDistributionChartProps = {
  ranks: readonly number[];
  entrants: number;
  winnerCount: number;
};

function binLabel(bin: RankBin, index: number, count: number, entrants: number) {
  if (entrants <= count) return `#${bin.fromRank}`;
  return `${Math.round(((index + 1) * 100) / count)}%`;
}

/** Where the user's rank fell in each re-draw, in slices of the ranking, against what a fair draw gives. */
export function RankDistributionChart({ ranks, entrants, winnerCount }: RankDistributionChartProps) {
  const { t } = useTranslation("simulator");
  const { ref, width: measured } = useElementSize();
  const width = Math.max(measured, 280);
  const bins = rankHistogram(ranks, entrants, winnerCount);
  const yMax = niceCeiling(Math.max(...bins.map((bin) => Math.max(bin.count, bin.expected)), 1));
  const plotBottom = height - margin.bottom;
  const frame = { width, height, margin };
  const y = linearScale([0, yMax], [plotBottom, margin.top]);
  const slot = (width - margin.left - margin.right) / Math.max(bins.length, 1);
  const barWidth = Math.max(4, slot * 0.7);
  const ticks = axisTicks(yMax, yMax < 4 ? Math.max(1, yMax) : 4);

  return (
    <div ref={ref} data-testid="rank-distribution-chart">
      <svg
        className={classes.chart}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t("chart.distributionAria", { bins: bins.length })}
      >
        <ChartValueAxis
          frame={frame}
          ticks={ticks}
          y={y}
          format={(tick) => (Number.isInteger(tick) ? tick : tick.toFixed(1))}
        />
        {bins.map((bin, index) => {
          const left = margin.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={bin.fromRank}>
              <rect
                x={left}
                y={y(bin.count)}
                width={barWidth}
                height={Math.max(0, plotBottom - y(bin.count))}
                rx={3}
                fill={binColors[bin.winning]}
              >
                <title>{t("chart.binTitle", { from: bin.fromRank, to: bin.toRank, count: bin.count })}</title>
              </rect>
              <line
                x1={left - 2}
                x2={left + barWidth + 2}
                y1={y(bin.expected)}
                y2={y(bin.expected)}
                stroke={expectedColor}
                strokeWidth={2}
                strokeDasharray="4 3"
              />
              {(slot >= minLabelSlot || index % 2 === 1) && (
                <text
                  className={classes.chartLabel}
                  x={left + barWidth / 2}
                  y={plotBottom + 16}
                  textAnchor="middle"
                >
                  {binLabel(bin, index, bins.length, entrants)}
                </text>
              )}
            </g>
          );
        })}
        <ChartBaseAxis frame={frame} title={t("chart.rankAxis")} />
      </svg>
      <Group gap="lg" mt={4} wrap="wrap">
        <Text size="xs" c="dimmed" component="span">
          <span className={classes.legendBox} style={{ color: binColors.all }} /> {t("chart.winningRanks")}
        </Text>
        <Text size="xs" c="dimmed" component="span">
          <span className={classes.legendBox} style={{ color: binColors.none }} /> {t("chart.otherRanks")}
        </Text>
        <Text size="xs" c="dimmed" component="span">
          <span className={classes.legendSwatch} data-dashed style={{ color: expectedColor }} />{" "}
          {t("chart.expectedLegend")}
        </Text>
      </Group>
    </div>
  );
}
