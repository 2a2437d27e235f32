import { act, fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { platformConfigQueryOptions } from "../../../shared/api/get-platform-config";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { localChain, platformConfig } from "../../../shared/testing/platform-config";
import { Providers } from "../../../testing/providers";
import { ApprovalsPage } from "./approvals-page";
import { ContractCheckerPage } from "./contract-checker-page";

// Nothing listens on port 1: the chain's RPC is down.
const downChain = { ...localChain, info: { ...localChain.info, rpcUrls: ["http://127.0.0.1:1/"] } };

function renderPage(path: string, page: React.ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(platformConfigQueryOptions().queryKey, platformConfig({ chains: [downChain] }));
  const router = createMemoryRouter([{ path: "*", element: <Suspense fallback={null}>{page}</Suspense> }], {
    initialEntries: [path],
  });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["safety", "validation"]));
  await act(() => i18n.loadLanguages("cn"));
});

// Slow machines render Mantine slowly and the down RPC is retried twice with backoff.
describe("the approvals page", { timeout: 30_000 }, () => {
  it("shows a retry, never an empty list, when the chain's RPC is down", async () => {
    renderPage("/safe", <ApprovalsPage checkerLink={null} />);
    fireEvent.change(await screen.findByTestId("approvals-address"), {
      target: { value: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Scan" }));
    expect(await screen.findByText("The network did not answer", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId("approvals-retry")).toBeTruthy();
    expect(screen.queryByTestId("approvals-list")).toBeNull();
    expect(screen.queryByText(/No live approvals/)).toBeNull();
  });

  it("refuses a malformed address before reading the chain", async () => {
    renderPage("/safe", <ApprovalsPage checkerLink={null} />);
    fireEvent.change(await screen.findByTestId("approvals-address"), { target: { value: "0x12" } });
    fireEvent.click(screen.getByRole("button", { name: "Scan" }));
    expect(await screen.findByText("Please enter the correct address format.")).toBeTruthy();
  });
});

describe("the contract checker page", { timeout: 30_000 }, () => {
  it("says 'Contract address format error' for a bad address, in English and Chinese", async () => {
    renderPage("/safe/Checker", <ContractCheckerPage approvalsLink={null} />);
    fireEvent.change(await screen.findByTestId("checker-address"), { target: { value: "0xnot-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("Contract address format error")).toBeTruthy();
    await act(() => i18n.changeLanguage("cn"));
    expect(await screen.findByText("合约地址格式错误")).toBeTruthy();
    await act(() => i18n.changeLanguage("en"));
  });

  it("shows a retry when the chain's RPC is down", async () => {
    renderPage("/safe/Checker", <ContractCheckerPage approvalsLink={null} />);
    fireEvent.change(await screen.findByTestId("checker-address"), {
      target: { value: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByTestId("checker-failed", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId("checker-verdict")).toBeNull();
  });
});
