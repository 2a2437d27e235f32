import type { WheelPrize } from "@dropfair/schemas/wheel";
import { Box } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { sliceAngle, slicePath } from "../model/wheel-display";
import classes from "./wheel.module.css";

const radius = 150;
/** Slice colours, in turn; a "nothing" slice is always the muted one. */
const palette = ["#0f9d76", "#f4b740", "#3b82f6", "#e0567a", "#8b5cf6", "#14b8a6"];
const nothingColor = "#8794a8";

/** A label short enough for its slice: long ones are cut with an ellipsis (the prize list shows them whole). */
function fitLabel(text: string, prizeCount: number): string {
  const max = prizeCount > 8 ? 8 : 12;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The wheel: one equal slice per prize in the game's order, clockwise from the pointer at the top. `rotation`
 * turns it (degrees, clockwise) with a CSS transition of `durationMs`; the spin panel sets it so the prize the
 * server recorded ends under the pointer.
 */
export function WheelGraphic({
  prizes,
  labels,
  rotation,
  durationMs,
  highlight,
}: {
  prizes: readonly Pick<WheelPrize, "id" | "kind">[];
  labels: readonly string[];
  rotation: number;
  durationMs: number;
  /** The prize under the pointer once the wheel has settled. */
  highlight?: string | undefined;
}) {
  const { t } = useTranslation("wheel");
  const slice = sliceAngle(prizes.length);
  // With reduced motion the wheel jumps to the prize instead of turning.
  const reduced = useReducedMotion();
  const labelY = prizes.length > 8 ? 36 : 42;
  return (
    <Box className={classes.frame} data-testid="wheel-graphic" data-rotation={rotation}>
      <svg
        viewBox={`-6 -6 ${2 * radius + 12} ${2 * radius + 12}`}
        role="img"
        aria-label={t("spin.wheelLabel")}
      >
        <circle cx={radius} cy={radius} r={radius + 4} className={classes.rim} />
        <g
          className={classes.disc}
          style={{
            transform: `rotate(${rotation}deg)`,
            transformOrigin: `${radius}px ${radius}px`,
            transitionDuration: `${reduced ? 0 : durationMs}ms`,
          }}
        >
          {prizes.map((prize, index) => {
            const middle = index * slice + slice / 2;
            const color = prize.kind === "nothing" ? nothingColor : palette[index % palette.length];
            return (
              <g key={prize.id} data-testid={`wheel-slice-${prize.id}`}>
                <path
                  d={slicePath(index, prizes.length, radius)}
                  fill={color}
                  stroke="#fff"
                  strokeWidth={2}
                  opacity={highlight && highlight !== prize.id ? 0.55 : 1}
                />
                <text
                  x={radius}
                  y={labelY}
                  // Slices in the lower half turn their label over, so no text reads upside down.
                  transform={`rotate(${middle} ${radius} ${radius})${
                    middle > 90 && middle < 270 ? ` rotate(180 ${radius} ${labelY})` : ""
                  }`}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  className={classes.label}
                  fontSize={prizes.length > 8 ? 11 : 13}
                >
                  {fitLabel(labels[index] ?? "", prizes.length)}
                </text>
              </g>
            );
          })}
        </g>
        <circle cx={radius} cy={radius} r={22} className={classes.hub} />
      </svg>
      <div className={classes.pointer} aria-hidden />
    </Box>
  );
}
