import type { MembershipPlan } from "@dropfair/core/picker";
import { Anchor, Button, Collapse, Group, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseTxHash } from "../model/payout-plan";
import { monospaceInput } from "./monospace-input";

export type MembershipRecoverProps = {
  plan: MembershipPlan;
  /** Records the transfer with that hash for `plan`. */
  onRecover: (txHash: string) => Promise<void>;
  busy: boolean;
  disabled: boolean;
};

/** For a transfer made but not recorded: the buyer pastes its hash, and the API checks and grants the plan. */
export function MembershipRecover({ plan, onRecover, busy, disabled }: MembershipRecoverProps) {
  const { t } = useTranslation(["picker-payments", "validation"]);
  const [recoverOpened, setRecoverOpened] = useState(false);
  const [recoverHash, setRecoverHash] = useState("");
  const [recoverError, setRecoverError] = useState<string>();

  async function recover() {
    const txHash = parseTxHash(recoverHash);
    if (!txHash) {
      setRecoverError(t("external.hashInvalid"));
      return;
    }
    await onRecover(txHash);
  }

  return (
    <Stack gap={6}>
      <Anchor component="button" type="button" size="xs" onClick={() => setRecoverOpened((value) => !value)}>
        {t("membership.recover.toggle")}
      </Anchor>
      <Collapse expanded={recoverOpened}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t("membership.recover.hash", { plan: t(`membership.plans.${plan}.name`) })}
            placeholder="0x…"
            value={recoverHash}
            onChange={(event) => {
              setRecoverHash(event.currentTarget.value.trim());
              setRecoverError(undefined);
            }}
            error={recoverError}
            styles={monospaceInput}
            spellCheck={false}
            autoComplete="off"
            style={{ flex: "1 1 240px" }}
            data-testid="membership-recover-hash"
          />
          <Button variant="default" onClick={() => void recover()} loading={busy} disabled={disabled}>
            {t("membership.recover.submit")}
          </Button>
        </Group>
      </Collapse>
    </Stack>
  );
}
