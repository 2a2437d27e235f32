import { useState } from "react";
import { useTranslation } from "react-i18next";
import { requestVoucher, requestVouchers } from "../api/mint-requests";
import { useMint } from "../hooks/use-mint";
import { mintErrorMessage } from "../model/mint-errors";
import { MintDialog, type MintOutcome } from "./mint-dialog";

/** Mint one badge or all mintable ones, with the dialog that follows the mint; for every badge page. */
export function useBadgeMinting(signedInAddress: string | undefined) {
  const { t } = useTranslation(["badges", "validation", "common"]);
  const { steps, running, mint, clearSteps } = useMint(signedInAddress);
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState<MintOutcome>(undefined);

  async function start(vouchers: Parameters<typeof mint>[0]) {
    setOutcome(undefined);
    setOpened(true);
    try {
      setOutcome({ minted: await mint(vouchers) });
    } catch (error) {
      const message = mintErrorMessage(t, error);
      if (message) setOutcome({ error: message });
      else setOpened(false);
    }
  }

  const dialog = (
    <MintDialog
      opened={opened}
      running={running}
      steps={steps}
      outcome={outcome}
      onClose={() => {
        setOpened(false);
        clearSteps();
      }}
    />
  );

  return {
    running,
    dialog,
    mintOne: (badgeId: number) => start(async () => [await requestVoucher(badgeId)]),
    mintAll: (filter: { programme?: string }) => start(() => requestVouchers(filter)),
  };
}
