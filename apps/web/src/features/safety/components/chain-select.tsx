import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ChainRecord } from "../../../shared/api/get-platform-config";

/** The chain a safe check looks at: the deployment's networks. */
export function ChainSelect(props: {
  chains: readonly ChainRecord[];
  value: number | undefined;
  onChange: (chainId: number) => void;
}) {
  const { t } = useTranslation("safety");
  return (
    <Select
      label={t("chain")}
      style={{ flex: "0 1 220px" }}
      data={props.chains.map((chain) => ({ value: String(chain.id), label: chain.name }))}
      value={props.value === undefined ? null : String(props.value)}
      onChange={(value) => {
        if (value) props.onChange(Number(value));
      }}
      allowDeselect={false}
      data-testid="safety-chain"
    />
  );
}
