import { expect, type Page } from "@playwright/test";

/** Waits until the shell is interactive (config loaded, login possible). */
export async function openApp(page: Page, path = "/") {
  await page.goto(path);
  const bar = page.getByRole("banner");
  await expect(bar.getByTestId("login-button").or(bar.getByTestId("user-dropdown"))).toBeVisible();
}

export async function tokenCookie(page: Page) {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((candidate) => candidate.name === "dropfair_token");
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>) : undefined;
}

export async function signIn(page: Page) {
  await page.getByRole("banner").getByTestId("login-button").click();
  await page.getByTestId("wallet-option-metamask").click();
  await expect(page.getByTestId("user-dropdown")).toBeVisible();
}
