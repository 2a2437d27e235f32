import { Group, Text } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** The Dropfair mark: a drop holding a tick — airdrops that are provably fair. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="6" y1="2" x2="26" y2="30" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#4fcca9" />
          <stop offset="1" stopColor="#00785a" />
        </linearGradient>
      </defs>
      <path
        d="M16 2.5c5.6 6.3 10 11.7 10 17.2A10 10 0 0 1 6 19.7C6 14.2 10.4 8.8 16 2.5Z"
        fill={`url(#${gradientId})`}
      />
      <path
        d="m11.2 19.6 3.4 3.4 6.4-7.2"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({
  withWordmark = true,
  wordmarkClassName,
}: {
  withWordmark?: boolean;
  wordmarkClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      {withWordmark && (
        <Text
          component="span"
          fw={800}
          fz={20}
          lh={1}
          style={{ letterSpacing: "-0.02em" }}
          className={wordmarkClassName}
        >
          {t("app.name")}
        </Text>
      )}
    </Group>
  );
}
