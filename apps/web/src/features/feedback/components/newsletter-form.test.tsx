import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../shared/api/query-client";
import { i18n, initI18n } from "../../../shared/i18n/i18n";
import { Providers } from "../../../testing/providers";
import { NewsletterForm } from "./newsletter-form";

function envelope(content: unknown, typeCode = 1, message = "", status = 200) {
  return new Response(JSON.stringify({ content, typeCode, message }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function renderForm() {
  const router = createMemoryRouter([{ path: "/", element: <NewsletterForm /> }]);
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

async function submitWith(email: string) {
  fireEvent.change(await screen.findByTestId("newsletter-form-email"), { target: { value: email } });
  fireEvent.click(screen.getByTestId("newsletter-form-submit"));
}

beforeAll(async () => {
  await initI18n("en");
  await act(() => i18n.loadNamespaces(["feedback", "validation"]));
  await act(() => i18n.loadLanguages("cn"));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("NewsletterForm", () => {
  it("says the two e-mail messages before sending anything", async () => {
    const fetchMock = vi.fn(async () => envelope({ subscribed: true }));
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    await submitWith("  ");
    expect(await screen.findByText("E-mail address is empty")).toBeTruthy();
    await submitWith("alice@example");
    expect(await screen.findByText("Input is not a valid e-mail address, please re-enter.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says them in Chinese in cn", async () => {
    vi.stubGlobal("fetch", vi.fn());
    await act(() => i18n.changeLanguage("cn"));
    renderForm();
    await submitWith("");
    expect(await screen.findByText("邮箱地址为空")).toBeTruthy();
    await submitWith("alice");
    expect(await screen.findByText("邮箱地址格式不正确，请重新输入。")).toBeTruthy();
  });

  it("subscribes with the honeypot left empty, and shows the server's refusal otherwise", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        envelope(null, 450, "Too many requests. Please wait a moment and try again.", 429),
      )
      .mockResolvedValueOnce(envelope({ subscribed: true }));
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    await submitWith("Bob@Example.com");
    expect(await screen.findByText("Too many requests. Please wait a moment and try again.")).toBeTruthy();
    fireEvent.click(screen.getByTestId("newsletter-form-submit"));
    expect(await screen.findByTestId("newsletter-form-done")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe("/api/bounty/feedback/subscriptions");
    expect(JSON.parse(String(init.body))).toEqual({ email: "Bob@Example.com", locale: "en", website: "" });
  });
});
