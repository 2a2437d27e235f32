import { Table } from "@mantine/core";
import { act, fireEvent, render, renderHook, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Providers } from "../../testing/providers";
import { createQueryClient } from "../api/query-client";
import { initI18n } from "../i18n/i18n";
import {
  ListCard,
  ListCards,
  ListField,
  ListFilterControl,
  ListResults,
  type ListResultsProps,
  ListTable,
  ListTitleLink,
  listPageSize,
  useListFilter,
  useWalletListFilter,
} from "./campaign-list";

beforeAll(() => initI18n("en"));

function renderInApp(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/games"] });
  return render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

function results(overrides: Partial<ListResultsProps> = {}): ListResultsProps {
  return {
    testIdPrefix: "game",
    rowCount: 2,
    table: <div data-testid="the-table" />,
    cards: <div data-testid="the-cards" />,
    query: { isError: false, error: null, isPending: false, refetch: vi.fn() },
    errorText: (error) => `Failed: ${String(error)}`,
    needsLogin: false,
    viewer: { login: vi.fn(), canLogin: true },
    texts: { loginNeeded: "Sign in to see yours", signIn: "Sign in", retry: "Retry", empty: "No game yet." },
    paging: { page: 1, pageCount: 1, onPageChange: vi.fn() },
    ...overrides,
  };
}

describe("useListFilter", () => {
  it("starts on page 1 of the first filter and goes back to page 1 when the filter changes", () => {
    const { result } = renderHook(() => useListFilter<"all" | "mine">("all"));
    expect(result.current.filter).toBe("all");
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(listPageSize);
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.changeFilter("mine"));
    expect(result.current.filter).toBe("mine");
    expect(result.current.page).toBe(1);
  });

  it("counts pages of its page size, at least one, and pages through its setter", () => {
    const { result } = renderHook(() => useListFilter("all", 20));
    expect(result.current.paging(undefined).pageCount).toBe(1);
    expect(result.current.paging(0).pageCount).toBe(1);
    expect(result.current.paging(20).pageCount).toBe(1);
    expect(result.current.paging(21).pageCount).toBe(2);
    expect(result.current.paging(45).pageCount).toBe(3);
    act(() => result.current.paging(45).onPageChange(2));
    expect(result.current.paging(45).page).toBe(2);
  });
});

describe("useWalletListFilter and ListFilterControl", () => {
  it("needs a wallet only for the wallet's own filters, and only while none is signed in", () => {
    const { result, rerender } = renderHook(
      ({ wallet }: { wallet: string | undefined }) =>
        useWalletListFilter<"all" | "mine" | "joined">("all", ["mine", "joined"], wallet),
      { initialProps: { wallet: undefined as string | undefined } },
    );
    expect(result.current.needsLogin).toBe(false);
    act(() => result.current.setPage(2));
    act(() => result.current.changeFilter("joined"));
    expect(result.current.needsLogin).toBe(true);
    expect(result.current.page).toBe(1);
    rerender({ wallet: "0xabc" });
    expect(result.current.needsLogin).toBe(false);
  });

  it("shows each filter by its label and reports the one chosen", () => {
    const onChange = vi.fn();
    renderInApp(
      <ListFilterControl
        filters={["all", "mine"] as const}
        value="all"
        onChange={onChange}
        label={(value) => `Label ${value}`}
        testId="the-filter"
      />,
    );
    const control = screen.getByTestId("the-filter");
    expect(
      within(control)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["all", "mine"]);
    fireEvent.click(within(control).getByText("Label mine"));
    expect(onChange).toHaveBeenCalledWith("mine");
  });
});

describe("ListResults", () => {
  it("shows the table and the cards when the page has rows, and the pages when there are several", () => {
    const onPageChange = vi.fn();
    renderInApp(<ListResults {...results({ paging: { page: 1, pageCount: 3, onPageChange } })} />);
    expect(screen.getByTestId("the-table")).toBeTruthy();
    expect(screen.getByTestId("the-cards")).toBeTruthy();
    expect(screen.queryByTestId("game-empty")).toBeNull();
    fireEvent.click(within(screen.getByTestId("game-pages")).getByText("3"));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it("shows no pages for a single page", () => {
    renderInApp(<ListResults {...results()} />);
    expect(screen.queryByTestId("game-pages")).toBeNull();
  });

  it("asks for a wallet instead of rows or pages when the list needs one", () => {
    const login = vi.fn();
    const failed = { isError: true, error: "Boom", isPending: false, refetch: vi.fn() };
    const paging = { page: 1, pageCount: 3, onPageChange: vi.fn() };
    renderInApp(
      <ListResults
        {...results({ needsLogin: true, viewer: { login, canLogin: true }, query: failed, paging })}
      />,
    );
    const prompt = screen.getByTestId("game-login-needed");
    expect(prompt.textContent).toContain("Sign in to see yours");
    expect(screen.queryByTestId("the-table")).toBeNull();
    expect(screen.queryByText("Failed: Boom")).toBeNull();
    expect(screen.queryByTestId("game-pages")).toBeNull();
    fireEvent.click(within(prompt).getByRole("button", { name: "Sign in" }));
    expect(login).toHaveBeenCalledTimes(1);
  });

  it("disables the sign-in button when no wallet can sign in", () => {
    renderInApp(
      <ListResults {...results({ needsLogin: true, viewer: { login: vi.fn(), canLogin: false } })} />,
    );
    const button = within(screen.getByTestId("game-login-needed")).getByRole("button");
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the error with a retry instead of the rows", () => {
    const refetch = vi.fn();
    const query = { isError: true, error: "timeout", isPending: false, refetch };
    renderInApp(<ListResults {...results({ query })} />);
    expect(screen.getByText("Failed: timeout")).toBeTruthy();
    expect(screen.queryByTestId("the-table")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("shows the empty text once an answer has no rows, and neither while it is pending", () => {
    const pending = { isError: false, error: null, isPending: true, refetch: vi.fn() };
    const { unmount } = renderInApp(<ListResults {...results({ rowCount: 0, query: pending })} />);
    expect(screen.queryByTestId("game-empty")).toBeNull();
    expect(screen.queryByTestId("the-table")).toBeNull();
    unmount();
    renderInApp(<ListResults {...results({ rowCount: 0 })} />);
    expect(screen.getByTestId("game-empty").textContent).toBe("No game yet.");
  });
});

describe("ListTable, ListCards and ListCard", () => {
  it("names the columns, links the title and lays out a card with its fields and footer", () => {
    renderInApp(
      <>
        <ListTable minWidth={900} columns={["Title", "Status"]} testId="game-table">
          <Table.Tr data-testid="game-row">
            <Table.Td>
              <ListTitleLink to="/game/7" testId="game-title">
                Spin it
              </ListTitleLink>
            </Table.Td>
            <Table.Td>Running</Table.Td>
          </Table.Tr>
        </ListTable>
        <ListCards testId="game-cards">
          <ListCard
            to="/game/7"
            title="Spin it"
            badge={<span>Running</span>}
            testId="game-card"
            footer={<span>Created by 0x12…34</span>}
          >
            <ListField label="Start">
              <span>Nov 1</span>
            </ListField>
          </ListCard>
        </ListCards>
      </>,
    );
    const headers = within(screen.getByTestId("game-table")).getAllByRole("columnheader");
    expect(headers.map((header) => header.textContent)).toEqual(["Title", "Status"]);
    expect(screen.getByTestId("game-title").getAttribute("href")).toBe("/game/7");
    const card = within(screen.getByTestId("game-cards")).getByTestId("game-card");
    expect(card.getAttribute("href")).toBe("/game/7");
    const title = within(card).getByText("Spin it");
    const value = within(card).getByText("Nov 1");
    const footer = within(card).getByText("Created by 0x12…34");
    expect(within(card).getByText("Running")).toBeTruthy();
    expect(value.parentElement?.firstElementChild?.textContent).toBe("Start");
    expect(title.compareDocumentPosition(value) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(value.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
