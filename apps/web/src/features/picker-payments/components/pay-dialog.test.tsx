import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { pickerDetail } from "../../../shared/testing/picker-detail";
import { platformConfig } from "../../../shared/testing/platform-config";
import { Providers } from "../../../testing/providers";
import { PayDialog } from "./pay-dialog";

const config = platformConfig();

const picker = pickerDetail({ status: 4, rewardAmount: "30", rewardText: "USDT", drawCount: 1 });

const winners = [
  { xUserId: "1", username: "alice", address: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266" },
  { xUserId: "2", username: "bob", address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
];

function envelope(content: unknown, typeCode = 1, message = "", status = 200) {
  return new Response(JSON.stringify({ content, typeCode, message }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["picker-payments", "validation"]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PayDialog", () => {
  it("records an external payment, showing the server's refusal and keeping the form for another try", async () => {
    const payments: { body: unknown; key: string | null }[] = [];
    let answer = () => envelope(null, 191, "This transaction has already been used.", 409);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith("/platform/config")) return envelope(config);
        if (url.endsWith("/picker/7/pay")) {
          payments.push({
            body: JSON.parse(String(init?.body)),
            key: new Headers(init?.headers).get("Idempotency-Key"),
          });
          return answer();
        }
        return envelope(null, 10, "not found", 404);
      }),
    );
    const onPaid = vi.fn();
    render(
      <Providers queryClient={createQueryClient()}>
        <PayDialog opened onClose={() => {}} pickerId={7} onPaid={onPaid} picker={picker} winners={winners} />
      </Providers>,
    );

    // No BatchPayout address for this chain: only the external payment is offered.
    expect(await screen.findByTestId("pay-external-form")).toBeTruthy();
    expect(screen.getByText("@alice")).toBeTruthy();
    expect(screen.getByText("2 of 3")).toBeTruthy();

    fireEvent.change(screen.getByTestId("external-hash"), { target: { value: "0x1234" } });
    fireEvent.click(screen.getByTestId("external-submit"));
    expect(await screen.findByText("A transaction hash is 0x followed by 64 hex digits.")).toBeTruthy();

    const hash = `0x${"ab".repeat(32)}`;
    fireEvent.change(screen.getByTestId("external-hash"), { target: { value: hash } });
    fireEvent.click(screen.getByTestId("external-submit"));
    expect(await screen.findByText("This transaction has already been used.")).toBeTruthy();
    expect(payments[0]?.body).toEqual({ mode: "external", chainId: 31337, txHash: hash });
    expect(onPaid).not.toHaveBeenCalled();

    answer = () => envelope({ chainId: 31337, txHash: hash });
    fireEvent.click(screen.getByTestId("external-submit"));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    // The refusal was an answer: the retry carries a new Idempotency-Key, or the server would replay it.
    expect(payments[1]?.key).toBeTruthy();
    expect(payments[1]?.key).not.toBe(payments[0]?.key);
  });

  it("offers the batch payout where a BatchPayout contract is configured and totals the amount exactly", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith("/platform/config") ? envelope(config) : envelope(null, 10, "", 404),
      ),
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <PayDialog
          opened
          onClose={() => {}}
          pickerId={7}
          onPaid={() => {}}
          picker={picker}
          winners={winners}
          batchPayout={{ 31337: "0x5FbDB2315678afecb367f032d93F642f64180aa3" }}
        />
      </Providers>,
    );
    const amount = (await screen.findByTestId("pay-amount")) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: "0.1" } });
    expect(await screen.findByText("2 winners × this amount = 0.2 ETH in total.")).toBeTruthy();
    // Typed input: a keystroke that breaks the decimal pattern is refused and the previous value kept.
    fireEvent.change(amount, { target: { value: "0.1a" } });
    expect(amount.value).toBe("0.1");
  });
});
