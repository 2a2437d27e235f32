import { Alert, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconAlert } from "../../../shared/ui/icons";

/** The verifier page states the known limit of block-hash randomness (docs/fairness.md, "Known limits"). */
export function FairnessLimitNote() {
  const { t } = useTranslation("simulator");
  return (
    <Alert
      variant="light"
      color="orange"
      radius="lg"
      icon={<IconAlert size={18} />}
      title={t("limit.title")}
      data-testid="fairness-limit"
    >
      <Text size="sm">{t("limit.body")}</Text>
    </Alert>
  );
}
