import { Group, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { axisTicks, frequencyAxisMax, linearScale, svgBandPath, svgLinePath } from "../model/chart-scale";
import { runningWinFrequency, samplingBand } from "../model/chart-series";
import { formatChance } from "../model/format-chance";
import { ChartBaseAxis, ChartValueAxis } from "./chart-axes";
import classes from "./simulator.module.css";

const height = 240;
const margin = { top: 12, right: 12, bottom: 34, left: 52 };
const lineColor = "var(--mantine-color-jade-6)";
const fairColor = "var(--mantine-color-orange-6)";

export type WinFrequencyChartProps = {
  /** The user's rank in each re-draw. */
  ranks: readonly number[];
  winnerCount: number;
  fairChance: number;
};

/**
 * The user's running win frequency over the re-draws, against their fair chance and the range a fair draw
 * stays in 95% of the time. Drawn at the container's pixel width so labels keep their size on phones.
 */
export function WinFrequencyChart({ ranks, winnerCount, fairChance }: WinFrequencyChartProps) {
  const { t } = useTranslation("simulator");
  const { ref, width: measured } = useElementSize();
  const clipId = useId();
  const width = Math.max(measured, 280);
  const draws = ranks.length;
  const frequencies = runningWinFrequency(ranks, winnerCount);
  const band = samplingBand(fairChance, draws);
  const yMax = frequencyAxisMax(
    frequencies,
    fairChance,
    band.map((point) => point.upper),
  );
  const x = linearScale([1, Math.max(draws, 2)], [margin.left, width - margin.right]);
  const y = linearScale([0, yMax], [height - margin.bottom, margin.top]);
  const drawNumbers = frequencies.map((_, index) => index + 1);
  const xTicks = [1, ...[0.25, 0.5, 0.75, 1].map((share) => Math.round(draws * share))].filter(
    (tick, index, all) => tick >= 1 && all.indexOf(tick) === index,
  );
  const wonDraws = drawNumbers.filter(
    (_, index) => (ranks[index] ?? Number.POSITIVE_INFINITY) <= winnerCount,
  );
  const plotBottom = height - margin.bottom;
  const frame = { width, height, margin };

  return (
    <div ref={ref} data-testid="win-frequency-chart">
      <svg
        className={classes.chart}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t("chart.frequencyAria", {
          wins: wonDraws.length,
          draws,
          fair: formatChance(fairChance),
        })}
      >
        <defs>
          <clipPath id={clipId}>
            <rect
              x={margin.left}
              y={margin.top}
              width={width - margin.left - margin.right}
              // A little below the axis, so a line at 0% keeps its full stroke.
              height={plotBottom - margin.top + 3}
            />
          </clipPath>
        </defs>
        <ChartValueAxis frame={frame} ticks={axisTicks(yMax)} y={y} format={formatChance} />
        {xTicks.map((tick) => (
          <text key={tick} className={classes.chartLabel} x={x(tick)} y={plotBottom + 16} textAnchor="middle">
            {tick}
          </text>
        ))}
        <ChartBaseAxis frame={frame} title={t("chart.drawsAxis")} />
        <g clipPath={`url(#${clipId})`}>
          <path
            d={svgBandPath(
              drawNumbers.map(x),
              band.map((point) => y(point.upper)),
              band.map((point) => y(point.lower)),
            )}
            fill={fairColor}
            fillOpacity={0.12}
            data-testid="chart-band"
          />
          <line
            x1={margin.left}
            x2={width - margin.right}
            y1={y(fairChance)}
            y2={y(fairChance)}
            stroke={fairColor}
            strokeWidth={2}
            strokeDasharray="6 4"
            data-testid="chart-fair-line"
          />
          <path
            d={svgLinePath(frequencies.map((value, index) => [x(index + 1), y(value)] as const))}
            fill="none"
            stroke={lineColor}
            strokeWidth={2.5}
            strokeLinejoin="round"
            data-testid="chart-frequency-line"
          />
        </g>
        {wonDraws.map((draw) => (
          <line
            key={draw}
            x1={x(draw)}
            x2={x(draw)}
            y1={plotBottom - 6}
            y2={plotBottom}
            stroke={lineColor}
            strokeWidth={2}
          />
        ))}
      </svg>
      <Group gap="lg" mt={4} wrap="wrap">
        <Text size="xs" c="dimmed" component="span">
          <span className={classes.legendSwatch} style={{ color: lineColor }} /> {t("chart.frequencyLegend")}
        </Text>
        <Text size="xs" c="dimmed" component="span">
          <span className={classes.legendSwatch} data-dashed style={{ color: fairColor }} />{" "}
          {t("chart.fairLegend", { fair: formatChance(fairChance) })}
        </Text>
        <Text size="xs" c="dimmed" component="span">
          <span className={classes.legendBox} style={{ color: fairColor, opacity: 0.25 }} />{" "}
          {t("chart.bandLegend")}
        </Text>
      </Group>
    </div>
  );
}
