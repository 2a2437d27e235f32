import { dropWindowDays, searchDebounceMs } from "@dropfair/core/news";
import { Group, SegmentedControl, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { IconSearch } from "../../../shared/ui/icons";
import { useCategories } from "../api/get-categories";
import type { DropsFilters } from "../model/filters";

export type DropsFilterBarProps = {
  filters: DropsFilters;
  onChange: (change: Partial<DropsFilters>) => void;
  /** The daily list always has a window; the drops list may show any time. */
  requireWindow?: boolean;
  /** Which filters to show (the daily list has no status or category filter). */
  show?: { category?: boolean; status?: boolean; keyword?: boolean };
};

/** The keyword box: like the menu's search, it changes `keyword` 1500 ms after the last keystroke. */
function KeywordInput({ keyword, onChange }: { keyword: string; onChange: (keyword: string) => void }) {
  const { t } = useTranslation("news");
  const [value, setValue] = useState(keyword);
  // The menu's search box may change the keyword too.
  useEffect(() => setValue(keyword), [keyword]);
  const apply = useDebouncedCallback((next: string) => onChange(next.trim()), searchDebounceMs);
  return (
    <TextInput
      style={{ flex: "1 1 240px" }}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      leftSection={<IconSearch size={16} />}
      placeholder={t("filters.searchPlaceholder")}
      aria-label={t("filters.search")}
      maxLength={60}
      data-testid="drops-keyword"
    />
  );
}

export function DropsFilterBar({ filters, onChange, requireWindow = false, show = {} }: DropsFilterBarProps) {
  const { t } = useTranslation("news");
  const categories = useCategories();
  const { category: showCategory = true, status: showStatus = true, keyword: showKeyword = true } = show;
  const windows = [
    ...(requireWindow ? [] : [{ value: "any", label: t("filters.any") }]),
    ...dropWindowDays.map((days) => ({ value: String(days), label: t("filters.days", { count: days }) })),
  ];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="drops-filters">
      {showKeyword && (
        <KeywordInput keyword={filters.keyword} onChange={(keyword) => onChange({ keyword })} />
      )}
      {showCategory && (
        <Select
          w={{ base: "100%", xs: 190 }}
          placeholder={t("filters.categoryAny")}
          aria-label={t("filters.category")}
          data={(categories ?? []).map((value) => ({
            value,
            label: t(`categories.${value}`, { defaultValue: value }),
          }))}
          value={filters.category ?? null}
          onChange={(value) => onChange({ category: value ?? undefined })}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="drops-category"
        />
      )}
      {showStatus && (
        <SegmentedControl
          aria-label={t("filters.status")}
          value={filters.status === undefined ? "all" : String(filters.status)}
          onChange={(value) =>
            onChange({ status: value === "all" ? undefined : (Number(value) as DropsFilters["status"]) })
          }
          data={[
            { value: "all", label: t("statusAll") },
            ...[0, 1, 2].map((status) => ({ value: String(status), label: t(`status.${status}`) })),
          ]}
          data-testid="drops-status"
        />
      )}
      <SegmentedControl
        aria-label={t("filters.time")}
        value={filters.days === undefined ? "any" : String(filters.days)}
        onChange={(value) =>
          onChange({ days: value === "any" ? undefined : (Number(value) as DropsFilters["days"]) })
        }
        data={windows}
        data-testid="drops-days"
      />
    </Group>
  );
}
