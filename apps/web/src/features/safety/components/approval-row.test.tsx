import type { LiveAllowance } from "@dropfair/chain/approvals";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { Providers } from "../../../testing/providers";
import { ApprovalRow } from "./approval-row";

const nft = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const spender = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

function operator(standard: LiveAllowance["standard"]): LiveAllowance {
  return {
    kind: "operator",
    token: nft,
    spender,
    unlimited: false,
    symbol: "DFNFT",
    ...(standard ? { standard } : {}),
    spenderIsContract: true,
    lastUpdatedBlock: 12n,
  };
}

async function renderRow(locale: "en" | "cn", allowance: LiveAllowance) {
  await act(() => i18n.changeLanguage(locale));
  await act(() => i18n.loadNamespaces(["safety"]));
  render(
    <Providers queryClient={createQueryClient()}>
      <ApprovalRow
        allowance={allowance}
        spenderName={undefined}
        onRevoke={undefined}
        revoking={false}
        locale={locale}
      />
    </Providers>,
  );
}

beforeAll(() => initI18n("en"));
afterEach(cleanup);

describe("ApprovalRow's token", () => {
  it("shows the logo drawn from the token address, the symbol and the standard of an operator approval", async () => {
    await renderRow("en", operator("erc1155"));
    expect(screen.getByTestId("token-logo").getAttribute("data-token")).toBe(nft);
    expect(screen.getByText("DFNFT")).toBeTruthy();
    expect(screen.getByTestId("token-standard").textContent).toBe("ERC-1155");
  });

  it("says ERC-721 for a collection that answers so, and that the standard is unknown otherwise, in cn", async () => {
    await renderRow("cn", operator("erc721"));
    expect(screen.getByTestId("token-standard").textContent).toBe("ERC-721");
    cleanup();
    await renderRow("cn", operator(undefined));
    expect(screen.getByTestId("token-standard").textContent).toBe("未知标准");
  });
});

describe("ApprovalRow's badges", () => {
  it("names an ERC-20 allowance's standard once, and the kind beside the standard of the other approvals", async () => {
    await renderRow("en", {
      ...operator(undefined),
      kind: "erc20",
      symbol: "STT",
      standard: "erc20",
      amount: 5n,
    });
    expect(screen.getAllByText("ERC-20")).toHaveLength(1);
    expect(screen.queryByTestId("approval-kind")).toBeNull();
    cleanup();
    await renderRow("en", {
      ...operator(undefined),
      kind: "permit2",
      symbol: "STT",
      standard: "erc20",
      amount: 5n,
    });
    expect(screen.getByTestId("token-standard").textContent).toBe("ERC-20");
    expect(screen.getByTestId("approval-kind").textContent).toBe("Permit2");
    cleanup();
    await renderRow("cn", operator("erc721"));
    expect(screen.getByTestId("approval-kind").textContent).toBe("NFT 操作员");
  });
});
