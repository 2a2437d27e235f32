import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { Providers } from "../../../testing/providers";
import { draftFromDetail } from "../model/wizard-form";
import { airdropDetail, setupAirdropI18n } from "../testing/test-utils";
import { FundingPanel } from "./funding-panel";

beforeAll(() => setupAirdropI18n());

function renderPanel(detail: ReturnType<typeof airdropDetail>) {
  render(
    <Providers queryClient={createQueryClient()}>
      <FundingPanel
        draft={draftFromDetail(detail)}
        detail={detail}
        symbol="USDT"
        nftTotal={0}
        depositError={undefined}
        onDeposit={() => undefined}
        depositing={false}
        steps={[]}
        chain={undefined}
      />
    </Providers>,
  );
}

describe("FundingPanel", () => {
  it("says what rounding leaves out of the deposit, before funding", () => {
    renderPanel(
      airdropDetail({
        rewardType: "token",
        tokenSymbol: "USDT",
        tokenDecimals: 6,
        totalAmount: "123.4567",
        prepared: true,
        requiredDeposit: "123456675",
        undistributed: "25",
        deposited: "0",
      }),
    );
    expect(screen.getByTestId("undistributed").textContent).toBe(
      "The deposit is 123.456675 USDT: 0.000025 USDT of the total cannot be split into whole units among the shares, so it stays in your wallet.",
    );
  });

  it("says nothing when the total splits exactly", () => {
    renderPanel(
      airdropDetail({
        rewardType: "token",
        tokenDecimals: 6,
        prepared: true,
        requiredDeposit: "1000000",
        undistributed: "0",
      }),
    );
    expect(screen.queryByTestId("undistributed")).toBeNull();
  });
});
